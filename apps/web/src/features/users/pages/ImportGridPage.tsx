import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { DataGrid } from '../../../components/DataGrid/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { http, HttpError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { type ImportRowView, useRunImport } from '../api/imports';

/**
 * /users/import/grid?id= (staged rows, then "Run import", and the queue 1.5 s later) and
 * /users/import/details/:id (the per-row report: created, updated or refused and why).
 */
export default function ImportGridPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const params = useParams();
  const [search] = useSearchParams();
  const details = params.id !== undefined;
  const id = Number(params.id ?? search.get('id'));
  const entityId = useSession()?.entity?.id ?? 0;
  const run = useRunImport();
  const start = () =>
    run.mutate(id, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        setTimeout(() => navigate('/users/import/queue'), 1500);
      },
      onError: (e) => notifications.show({ color: 'red', message: e instanceof HttpError ? e.message : String(e) }),
    });
  const col = (k: string) => ({ id: k, header: t(k), cell: (r: ImportRowView) => r.data[k] ?? '' });
  return (
    <PageLayout title={details ? t('import.details_title', { id }) : t('import.grid_title')} actions={details ? null : <Group><Button onClick={start} loading={run.isPending} disabled={run.isSuccess}>{t('import.run')}</Button></Group>}>
      <DataGrid<ImportRowView>
        pageUrl={details ? '/users/import/details' : '/users/import/grid'}
        // The report is not the staged rows: its own cache entry, so it never shows the rows as they were before the run.
        queryKey={['users', 'import-rows', id, details ? 'report' : 'staged']}
        rowId={(r) => r.id}
        searchable={false}
        fetchPage={(q, signal) => http.get(`/api/users/list_import_users/${entityId}/${id}`, { query: { ...q }, signal })}
        columns={[
          { id: 'row_number', header: t('import.row'), fixed: true, cell: (r) => r.row_number },
          col('first_name'),
          col('last_name'),
          col('email'),
          col('phone'),
          col('id_number'),
          col('user_type'),
          { id: 'photo', header: t('import.photo'), cell: (r) => r.photo ?? '' },
          { id: 'result', header: t('import.result'), cell: (r) => t(`import.results.${r.result}`) },
          { id: 'reason', header: t('import.reason'), cell: (r) => (r.reason ? t(`messages:${r.reason}`) : '') },
        ]}
      />
    </PageLayout>
  );
}
