import type { ExportRow } from '@gatehouse/contract';
import type { reportExports } from '../../db/schema/index';

export type ExportRecord = typeof reportExports.$inferSelect;

/** Where a ready export is downloaded (GET /export_file/{id}): same organisation, with the permission. */
export const exportUrl = (id: number) => `/api/export_file/${id}`;

/** An export as the export list shows it (rule 290): requester, generation and expiry dates, progress, URL. */
export function presentExport(e: ExportRecord, now = new Date()): ExportRow {
  const expired = e.status === 'ready' && (!e.fileKey || (e.expiresAt !== null && e.expiresAt <= now));
  const status = expired ? 'expired' : e.status;
  return {
    id: e.id,
    report: e.report as ExportRow['report'],
    format: e.format,
    status,
    rows: e.rows,
    total: e.total,
    file_name: e.fileName,
    size: e.size,
    requested_by: e.requestedByName,
    created_at: e.createdAt.toISOString(),
    generated_at: e.generatedAt?.toISOString() ?? null,
    expires_at: e.expiresAt?.toISOString() ?? null,
    url: status === 'ready' ? exportUrl(e.id) : null,
    error: e.status === 'failed' ? 'exports.failed' : null,
  };
}
