import type { Compliance } from '@gatehouse/contract';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataGrid } from '../../../components/DataGrid';
import { PageLayout } from '../../../components/PageLayout';
import { http } from '../../../lib/http';
import { useSession } from '../../../lib/session';

/** /compliances: the entry conditions grid. */
export default function CompliancesPage() {
  const { t } = useTranslation('compliance');
  const entityId = useSession()?.entity?.id ?? 0;
  const navigate = useNavigate();
  return (
    <PageLayout title={t('title')} actions={<Button component={Link} to="/compliance-new">{t('add')}</Button>}>
      <DataGrid<Compliance>
        pageUrl="/compliances"
        queryKey={['compliance', 'list']}
        rowId={(c) => c.id}
        onRowClick={(c) => navigate(`/compliance/update/${c.id}`)}
        fetchPage={(q, signal) => http.get(`/api/compliances/${entityId}`, { query: { ...q }, signal })}
        columns={[
          { id: 'name', header: t('name'), sortField: 'name', fixed: true },
          { id: 'questions', header: t('questions'), cell: (c) => c.questions.length },
          { id: 'protocols', header: t('protocols'), cell: (c) => c.protocols.map((p) => t(`protocol_${p}`)).join(', ') },
          { id: 'pcr_valid_days', header: t('pcr_valid_days'), cell: (c) => c.pcr_valid_days },
          { id: 'version', header: t('version'), cell: (c) => c.version },
        ]}
      />
    </PageLayout>
  );
}
