import type { ExpectedVisit, zEditExpectedVisitBody, zVisitNotesBody } from '@gatehouse/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';

type Saved = { message: string; data: ExpectedVisit };

/** Admin notes on a visit (PUT /visits/notes, at least 20 characters: rule 211); the logbook reloads. */
export function useSaveVisitNotes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof zVisitNotesBody>) => http.put<Saved>('/api/visits/notes', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}

/** An expected visit's date, time, area, user type or host (PUT /edit-expected-visit); the logbook and counts reload. */
export function useEditVisit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof zEditExpectedVisitBody>) => http.put<Saved>('/api/edit-expected-visit', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}
