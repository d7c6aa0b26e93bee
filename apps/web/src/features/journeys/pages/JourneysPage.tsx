import type { Journey } from '@gatehouse/contract';
import { Badge, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataGrid } from '../../../components/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';

/** /journeys: the journey builder grid. */
export default function JourneysPage() {
  const { t } = useTranslation('journeys');
  const entityId = useSession()?.entity?.id ?? 0;
  const navigate = useNavigate();
  return (
    <PageLayout
      title={t('title')}
      actions={
        <>
          <Button component={Link} to="/add-flow" variant="default">
            {t('add_flow')}
          </Button>
          <Button component={Link} to="/add-journey">
            {t('add_journey')}
          </Button>
        </>
      }
    >
      <DataGrid<Journey>
        pageUrl="/journeys"
        queryKey={['journeys', 'list']}
        rowId={(j) => j.id}
        onRowClick={(j) => navigate(`/update/journey/${j.id}`)}
        fetchPage={(q, signal) => http.get(`/api/journeys/${entityId}`, { query: { ...q }, signal })}
        columns={[
          { id: 'name', header: t('name'), sortField: 'name', fixed: true },
          { id: 'description', header: t('description'), cell: (j) => j.description ?? '' },
          { id: 'sites', header: t('sites'), cell: (j) => <Group gap={4}>{j.sites.map((s) => <Badge key={s.id} variant="light">{s.name}</Badge>)}</Group> },
          { id: 'flows', header: t('flows'), cell: (j) => j.flows_count },
          { id: 'created_at', header: t('created_at'), sortField: 'created_at', cell: (j) => j.created_at.slice(0, 10), defaultHidden: true },
        ]}
      />
    </PageLayout>
  );
}
