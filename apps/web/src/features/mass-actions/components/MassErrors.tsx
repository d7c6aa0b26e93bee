import { Accordion, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMassErrors } from '../api/mass-signin';

/** The people recent mass actions skipped and why (`mass-action-signin/errors`, rules 160-161, 226). */
export function MassErrors({ entityId }: { entityId: number }) {
  const { t, i18n } = useTranslation('mass');
  const errors = useMassErrors(entityId);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  if (!errors.data?.length) return null;
  return (
    <Accordion variant="contained">
      <Accordion.Item value="errors">
        <Accordion.Control>{t('recent_errors', { count: errors.data.length })}</Accordion.Control>
        <Accordion.Panel>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th style={{ textAlign: 'start' }}>{t('when')}</Table.Th>
                <Table.Th style={{ textAlign: 'start' }}>{t('person')}</Table.Th>
                <Table.Th style={{ textAlign: 'start' }}>{t('why')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {errors.data.map((e) => (
                <Table.Tr key={`${e.batch_id}-${e.user_id}`}>
                  <Table.Td>
                    <Text size="sm">{when.format(new Date(e.at))}</Text>
                  </Table.Td>
                  <Table.Td>{e.full_name}</Table.Td>
                  <Table.Td>{e.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
