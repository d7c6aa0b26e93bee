import type { ComplianceAnswer } from '@gatehouse/contract';
import { Badge, Modal, Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataGrid } from '../../../components/DataGrid';
import { http } from '../../../lib/http';
import { ComplianceAnswers } from './ComplianceAnswers';

/**
 * Every answer given in the organisation, newest first (rules 210-214): who, which entry condition and version,
 * passed or not, from where. A row opens the person's answers for that visit (re-send the link from there).
 */
export function AnswersGrid({ compliances }: { compliances: { id: number; name: string }[] }) {
  const { t, i18n } = useTranslation('compliance');
  const [status, setStatus] = useState<string | null>(null);
  const [complianceId, setComplianceId] = useState<string | null>(null);
  const [open, setOpen] = useState<ComplianceAnswer | null>(null);
  return (
    <>
      <DataGrid<ComplianceAnswer>
        pageUrl="/compliances:answers"
        queryKey={['compliance', 'answers-list']}
        rowId={(a) => a.id}
        onRowClick={setOpen}
        filters={{ status, compliance_id: complianceId ? Number(complianceId) : undefined }}
        fetchPage={(q, signal) => http.get('/api/compliance_users', { query: { ...q }, signal })}
        toolbar={
          <>
            <Select
              aria-label={t('filter_status')}
              placeholder={t('filter_status')}
              data={[
                { value: 'success', label: t('status_success') },
                { value: 'failed', label: t('status_failed') },
              ]}
              value={status}
              onChange={setStatus}
              clearable
              w={170}
            />
            <Select
              aria-label={t('filter_compliance')}
              placeholder={t('filter_compliance')}
              data={compliances.map((c) => ({ value: String(c.id), label: c.name }))}
              value={complianceId}
              onChange={setComplianceId}
              clearable
              searchable
              w={220}
            />
          </>
        }
        columns={[
          { id: 'user_name', header: t('person'), fixed: true },
          { id: 'compliance_name', header: t('compliance') },
          { id: 'version', header: t('version'), cell: (a) => t('version_n', { n: a.version }) },
          {
            id: 'status',
            header: t('status'),
            cell: (a) => <Badge color={a.status === 'success' ? 'green' : 'red'}>{a.status === 'success' ? t('status_success') : t('status_failed')}</Badge>,
          },
          { id: 'isWrong', header: t('wrong_answers'), cell: (a) => (a.isWrong ? t('yes') : t('no')) },
          { id: 'source', header: t('source'), cell: (a) => t(`source_${a.source}`) },
          { id: 'created_at', header: t('answered_at'), cell: (a) => new Date(a.created_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }) },
        ]}
      />
      <Modal opened={!!open} onClose={() => setOpen(null)} size="xl" title={open ? t('answers_of', { name: open.user_name }) : ''}>
        {open ? <ComplianceAnswers userId={open.user_id} visitId={open.visit_id} scanId={open.visit_id ? null : open.scan_id} title={open.visit_id ? t('answers_visit') : t('answers_all')} /> : null}
      </Modal>
    </>
  );
}
