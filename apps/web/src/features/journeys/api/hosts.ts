import type { zHostsResponse } from '@gatehouse/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { z } from 'zod';

export type HostOptions = z.output<typeof zHostsResponse>;

/** Host options of a journey for a user type, as its saved flow offers them (rule 203: hosts and note), searched by name or e-mail. */
export const useHostOptions = (journeyId: number, userTypeId: number | null, search: string) =>
  useQuery({
    queryKey: ['journeys', 'hosts', journeyId, userTypeId, search],
    queryFn: ({ signal }) => http.get<HostOptions>(`/api/hosts/${journeyId}/${userTypeId}`, { query: { search }, signal, notFound: 'throw' }),
    enabled: !!userTypeId,
    placeholderData: keepPreviousData,
  });
