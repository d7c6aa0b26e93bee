import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export interface HostOptions {
  hosts: { id: number; full_name: string; email: string | null; user_type_id: number | null }[];
  note: string;
  allow_no_host: 0 | 1;
  host_required: 0 | 1;
}

/** Host options of a journey for a user type, as its saved flow offers them (rule 203: hosts and note), searched by name or e-mail. */
export const useHostOptions = (journeyId: number, userTypeId: number | null, search: string) =>
  useQuery({
    queryKey: ['journeys', 'hosts', journeyId, userTypeId, search],
    queryFn: ({ signal }) => http.get<HostOptions>(`/api/hosts/${journeyId}/${userTypeId}`, { query: { search }, signal, notFound: 'throw' }),
    enabled: !!userTypeId,
    placeholderData: keepPreviousData,
  });
