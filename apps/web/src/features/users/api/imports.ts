import type { zImportRow, zImportTask, zImportTaskSaved } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { z } from 'zod';

export type ImportTask = z.output<typeof zImportTask>;
export type ImportRowView = z.output<typeof zImportRow>;

/** Upload: multipart with `file` (.xlsx) and optional `photos` (.zip); the server checks both before writing. */
export function useUploadImport() {
  return useMutation({
    mutationFn: ({ file, photos }: { file: File; photos: File | null }) => {
      const form = new FormData();
      form.append('file', file);
      if (photos) form.append('photos', photos);
      // The upload page shows every refusal beside the files itself.
      return http.post<z.output<typeof zImportTaskSaved>>('/api/users/import', form, { quiet: true });
    },
  });
}

export const useRunImport = () => useMutation({ mutationFn: (id: number) => http.post<z.output<typeof zImportTaskSaved>>('/api/users/run_import', { import_id: id }) });

const tasksQuery = (entityId: number) =>
  queryOptions({ queryKey: ['users', 'imports', entityId], queryFn: () => http.get<{ data: ImportTask[]; count: number }>(`/api/users/import_tasks/${entityId}`, { query: { limit: 50 } }) });

/** The queue refreshes while an import is queued or running (live progress). */
export const useImportTasks = (entityId: number) =>
  useQuery({ ...tasksQuery(entityId), enabled: !!entityId, refetchInterval: (q) => (q.state.data?.data.some((t) => t.status === 'queued' || t.status === 'running') ? 1500 : false) });
