import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type LogbookRow, zEditExpectedVisitBody } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../../components/form';
import { useSession } from '../../../lib/session';
import { getVisitOptions, searchConsoleHosts } from '../../visits/api/expected-visits';
import { useEditVisit } from '../api/visit-changes';
import { DayField } from '../../../components/fields';

/**
 * Edit an expected visit from the logbook: its area (and so its site), user type, host, date and time. The
 * server refuses a visit that is no longer expected, or a duplicate (rule 135), with the message shown here.
 */
export function EditVisitModal({ row, opened, onClose }: { row: LogbookRow; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const { t: tc } = useTranslation('common');
  const entityId = useSession()?.entity?.id ?? 0;
  const options = useQuery({ queryKey: ['expected-visits', 'options', entityId], queryFn: () => getVisitOptions(entityId), enabled: opened && entityId > 0 });
  const [hostSearch, setHostSearch] = useState('');
  const hosts = useQuery({ queryKey: ['expected-visits', 'hosts', hostSearch], queryFn: () => searchConsoleHosts(entityId, hostSearch), enabled: opened && hostSearch.trim().length >= 1 });
  const edit = useEditVisit();
  const form = useZodForm(zEditExpectedVisitBody, {
    entity_id: entityId,
    visit_id: row.visit_id ?? row.id,
    area_id: row.area?.id,
    user_type_id: row.user_type?.id,
    host: row.host?.id ?? null,
    visit_date: row.visit_date ?? undefined,
    visit_time: row.visit_time?.slice(0, 5) ?? undefined,
  });
  const areaOptions = (options.data?.sites ?? []).map((s) => ({ group: s.name, items: s.areas.map((a) => ({ value: String(a.id), label: a.name })) }));
  const hostOptions = [...(row.host ? [{ value: String(row.host.id), label: row.host.name }] : []), ...(hosts.data ?? []).filter((h) => h.id !== row.host?.id).map((h) => ({ value: String(h.id), label: h.full_name }))];
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    edit.mutate(body, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        onClose();
      },
      onError: (err) => form.applyServerError(err),
    });
  };
  const v = form.values;
  return (
    <Modal opened={opened} onClose={onClose} title={t('edit.title', { name: row.full_name })} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {form.formError ? (
            <Alert color="red" style={{ whiteSpace: 'pre-line' }}>
              {form.formError}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label={t('col.area')} searchable data={areaOptions} value={v.area_id ? String(v.area_id) : null} onChange={(x) => form.setField('area_id', x ? Number(x) : undefined)} error={form.errors.area_id} />
            <Select
              label={t('col.user_type')}
              data={(options.data?.user_types ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
              value={v.user_type_id ? String(v.user_type_id) : null}
              onChange={(x) => form.setField('user_type_id', x ? Number(x) : undefined)}
              error={form.errors.user_type_id}
            />
            <Select
              label={t('col.host')}
              searchable
              clearable
              searchValue={hostSearch}
              onSearchChange={setHostSearch}
              data={hostOptions}
              value={v.host ? String(v.host) : null}
              onChange={(x) => form.setField('host', x ? Number(x) : null)}
              nothingFoundMessage={hostSearch ? t('edit.no_host') : undefined}
              error={form.errors.host}
            />
            <div />
            <DayField label={t('edit.date')} value={String(form.values.visit_date ?? '')} onChange={(d) => form.setField('visit_date', d)} error={form.errors.visit_date} />
            <TextInput type="time" label={t('edit.time')} {...form.input('visit_time')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {tc('cancel')}
            </Button>
            <Button type="submit" loading={edit.isPending}>
              {tc('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
