import { MAPPABLE_FIELDS, SYNC_FREQUENCIES } from '@gatehouse/contract';
import { Alert, Button, Group, MultiSelect, NumberInput, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { siteOptionsQuery } from '../../sites/api/places';
import { type DirectoryBody, type Integration, useDuplicateCheck, useGroupTypes, usePreRequest } from '../api/integrations';
import { errorText, fieldsOf } from './bits';

/** Directory fields offered first for our fields, when the directory has them. */
const SUGGESTED: Record<string, string[]> = {
  first_name: ['forename', 'givenName', 'name.givenName', 'FirstName'],
  last_name: ['surname', 'name.familyName', 'LastName'],
  email: ['contact_details.data.emails.email', 'mail', 'primaryEmail', 'Email'],
  phone: ['contact_details.data.phones.mobile', 'mobilePhone', 'Telephone'],
  id_number: ['mis_id', 'employeeId', 'externalIds.value'],
};

/** Rule 275: name, sites, mapped fields and the user type of each group, with the sync frequency (rule 277). */
export function MappingForm({ integration, onSave }: { integration: Integration; onSave: (body: DirectoryBody) => Promise<unknown> }) {
  const { t } = useTranslation('integrations');
  const entityId = useSession()?.entity?.id ?? 0;
  const sites = useQuery({ ...siteOptionsQuery(entityId), enabled: entityId > 0 });
  const pre = usePreRequest(integration.id);
  const types = useGroupTypes(integration.id);
  // Rule 276: the mapped fields stay as they are while errors or duplicates are left to fix.
  const blocked = useDuplicateCheck(integration.id).data?.can_edit_fields === 0;
  const fields = pre.data?.fields ?? [];
  // Suggestions only for a first mapping: a saved one is shown as it is.
  const fresh = Object.keys(integration.mapped_fields).length === 0;
  const suggested = (f: string) => integration.mapped_fields[f] ?? (fresh ? SUGGESTED[f]?.find((x) => fields.includes(x)) : undefined) ?? null;
  const [name, setName] = useState(integration.name);
  const [siteIds, setSiteIds] = useState<string[]>(integration.site_ids.map(String));
  const [mapped, setMapped] = useState<Record<string, string | null> | null>(null);
  const [groups, setGroups] = useState<Record<string, string | null>>(Object.fromEntries(integration.groups.map((g) => [g.group_id, String(g.user_type_id)])));
  const [frequency, setFrequency] = useState<string>(integration.sync_frequency);
  const [perDay, setPerDay] = useState<number | string>(integration.scans_per_day);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mapping = mapped ?? Object.fromEntries(MAPPABLE_FIELDS.map((f) => [f, fields.length ? suggested(f) : (integration.mapped_fields[f] ?? null)]));
  const typeOptions = (types.data?.user_types ?? []).map((u) => ({ value: String(u.id), label: u.name }));
  const save = async () => {
    setBusy(true);
    setFormError(null);
    try {
      await onSave({
        id: integration.id,
        name: name.trim(),
        site_ids: siteIds.map(Number),
        mapped_fields: Object.fromEntries(Object.entries(mapping).filter((e): e is [string, string] => !!e[1])),
        groups: Object.entries(groups)
          .filter((e): e is [string, string] => !!e[1])
          .map(([group_id, u]) => ({ group_id, user_type_id: Number(u) })),
        sync_frequency: frequency as DirectoryBody['sync_frequency'],
        scans_per_day: Number(perDay) || 1,
      });
      setErrors({});
    } catch (e) {
      const f = fieldsOf(e);
      setErrors(f);
      if (!Object.keys(f).length) setFormError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack>
      <TextInput label={t('name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name || undefined} maw={560} maxLength={100} />
      <MultiSelect label={t('settings.sites')} required data={(sites.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))} value={siteIds} onChange={setSiteIds} error={errors.site_ids || undefined} maw={560} searchable />
      <Title order={4}>{t('settings.fields')}</Title>
      {blocked ? <Alert color="orange">{t('settings.fields_blocked')}</Alert> : null}
      {errors.mapped_fields ? (
        <Text c="red" size="sm" role="alert">
          {errors.mapped_fields}
        </Text>
      ) : null}
      <Table withTableBorder aria-label={t('settings.fields')} maw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.our_field')}</Table.Th>
            <Table.Th>{t('settings.their_field')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {MAPPABLE_FIELDS.map((f) => (
            <Table.Tr key={f}>
              <Table.Td>{t(`ours.${f}`)}</Table.Td>
              <Table.Td>
                <Select aria-label={t('settings.map_field', { field: t(`ours.${f}`) })} data={fields} value={mapping[f] ?? null} onChange={(v) => setMapped({ ...mapping, [f]: v })} disabled={blocked} clearable clearButtonProps={{ 'aria-label': t('clear') }} searchable />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={4}>{t('settings.groups')}</Title>
      {errors.groups ? (
        <Text c="red" size="sm" role="alert">
          {errors.groups}
        </Text>
      ) : null}
      {pre.data && !pre.data.groups.length ? <Alert color="orange">{t('settings.no_groups')}</Alert> : null}
      <Table withTableBorder aria-label={t('settings.groups')} maw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('settings.group')}</Table.Th>
            <Table.Th>{t('settings.members')}</Table.Th>
            <Table.Th>{t('settings.user_type')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(pre.data?.groups ?? []).map((g) => (
            <Table.Tr key={g.id}>
              <Table.Td>{g.name}</Table.Td>
              <Table.Td>{g.member_count}</Table.Td>
              <Table.Td>
                <Select aria-label={t('settings.type_of', { group: g.name })} data={typeOptions} value={groups[g.id] ?? null} onChange={(v) => setGroups((s) => ({ ...s, [g.id]: v }))} clearable clearButtonProps={{ 'aria-label': t('clear') }} placeholder={t('settings.not_synced')} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group align="flex-start">
        <Select label={t('settings.frequency')} data={SYNC_FREQUENCIES.map((v) => ({ value: v, label: t(`frequency.${v}`) }))} value={frequency} onChange={(v) => setFrequency(v ?? 'daily')} allowDeselect={false} error={errors.sync_frequency || undefined} />
        <NumberInput label={t('settings.scans_per_day')} min={1} max={50} allowDecimal={false} value={perDay} onChange={setPerDay} error={errors.scans_per_day || undefined} />
      </Group>
      {formError ? (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={save} loading={busy}>
          {t('settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}
