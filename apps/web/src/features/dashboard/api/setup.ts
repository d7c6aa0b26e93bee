import type { zSetupChecklist } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

export type SetupChecklist = z.output<typeof zSetupChecklist>['data'];

/** The first-run checklist: asked again whenever the dashboard is shown or the window regains focus, so it ticks itself. */
export const useSetupChecklist = (entityId: number, enabled: boolean) =>
  useQuery({
    queryKey: ['dashboard', 'setup', entityId],
    queryFn: () => http.get<{ data: SetupChecklist }>(`/api/dashboard/setup/${entityId}`).then((r) => r.data),
    enabled: enabled && entityId > 0,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
