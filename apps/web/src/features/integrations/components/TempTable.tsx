import { Pagination, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TempUser } from '../api/integrations';

/** A temporary list of the first sync (valid, error or duplicate), with an extra column per page. */
export function TempTable({ label, rows, count, page, onPage, extra }: { label: string; rows: TempUser[]; count: number; page: number; onPage: (p: number) => void; extra?: { header: string; cell: (p: TempUser) => ReactNode }[] }) {
  const { t } = useTranslation('integrations');
  const pages = Math.max(1, Math.ceil(count / 50));
  return (
    <>
      <Table striped withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('ours.first_name')}</Table.Th>
            <Table.Th>{t('ours.last_name')}</Table.Th>
            <Table.Th>{t('ours.email')}</Table.Th>
            <Table.Th>{t('external_id')}</Table.Th>
            {extra?.map((x) => <Table.Th key={x.header}>{x.header}</Table.Th>)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((p) => (
            <Table.Tr key={p.id} data-testid={`temp-${p.id}`}>
              <Table.Td>{p.data.first_name ?? '—'}</Table.Td>
              <Table.Td>{p.data.last_name ?? '—'}</Table.Td>
              <Table.Td>{p.data.email ?? '—'}</Table.Td>
              <Table.Td>{p.external_id}</Table.Td>
              {extra?.map((x) => <Table.Td key={x.header}>{x.cell(p)}</Table.Td>)}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 ? <Pagination total={pages} value={page} onChange={onPage} aria-label={t('pages')} /> : null}
    </>
  );
}
