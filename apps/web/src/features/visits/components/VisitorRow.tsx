import { ActionIcon, Badge, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { zEmail, zPhone } from '@gatehouse/contract';
import { IconTrash, IconUserSearch, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkUnique, type Person, searchPeople } from '../api/expected-visits';

export interface VisitorDraft {
  /** An existing person, found by the search; otherwise the fields describe a new one. */
  person: Person | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_name: string;
}
export const emptyVisitor = (): VisitorDraft => ({ person: null, first_name: '', last_name: '', email: '', phone: '', company_name: '' });
type Field = Exclude<keyof VisitorDraft, 'person'>;
const FIELDS: Field[] = ['first_name', 'last_name', 'email', 'phone', 'company_name'];

/**
 * One expected visitor: an existing person found by name, e-mail or phone (asked 300 ms after the last key), or a
 * new one whose e-mail and phone are checked as soon as they are typed (rule 171: unique in the organisation).
 */
export function VisitorRow({ entityId, index, value, onChange, onRemove, removable, errors }: { entityId: number; index: number; value: VisitorDraft; onChange: (v: VisitorDraft) => void; onRemove: () => void; removable: boolean; errors: Record<string, string> }) {
  const { t } = useTranslation('visits');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const people = useQuery({ queryKey: ['expected-visits', 'people', entityId, debounced], queryFn: () => searchPeople(entityId, debounced), enabled: debounced.length >= 2 });
  const [taken, setTaken] = useState<Partial<Record<Field, string>>>({});
  const err = (f: string) => errors[`visitors.${index}.${f}`];
  const set = (k: Field, v: string) => {
    setTaken((x) => ({ ...x, [k]: undefined }));
    onChange({ ...value, [k]: v });
  };
  const unique = async (field: 'email' | 'phone') => {
    const v = value[field].trim();
    if (!(field === 'email' ? zEmail : zPhone).safeParse(v).success) return;
    const res = await checkUnique(field, v).catch(() => null);
    if (res && !res.data.unique) setTaken((x) => ({ ...x, [field]: res.message }));
  };
  const label = `${t('visitor')} ${index + 1}`;
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`visitor-row-${index}`} aria-label={label} role="group">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} size="sm">
            {label}
          </Text>
          <ActionIcon variant="subtle" color="red" aria-label={t('remove')} disabled={!removable} onClick={onRemove}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
        {value.person ? (
          <Stack gap={4}>
            <Group gap="xs" wrap="nowrap">
              <Badge variant="light" size="lg" rightSection={<ActionIcon size="xs" variant="transparent" aria-label={t('change_person')} onClick={() => onChange(emptyVisitor())}><IconX size={14} /></ActionIcon>}>
                {value.person.full_name}
              </Badge>
              <Text size="sm" c="dimmed" truncate>
                {[value.person.email, value.person.phone, value.person.user_type].filter(Boolean).join(' · ')}
              </Text>
            </Group>
            {err('user_id') ? (
              <Text c="red" size="sm" role="alert">
                {err('user_id')}
              </Text>
            ) : null}
          </Stack>
        ) : (
          <>
            <Select
              label={t('find_person')}
              aria-label={`${t('find_person')} ${index + 1}`}
              placeholder={t('find_person_hint')}
              leftSection={<IconUserSearch size={16} />}
              searchable
              searchValue={search}
              onSearchChange={setSearch}
              data={(people.data ?? []).map((p) => ({ value: String(p.id), label: `${p.full_name}${p.email ? ` · ${p.email}` : ''}` }))}
              filter={({ options }) => options}
              value={null}
              onChange={(id) => {
                const p = people.data?.find((x) => String(x.id) === id);
                if (p) onChange({ ...emptyVisitor(), person: p });
              }}
              nothingFoundMessage={debounced.length >= 2 && !people.isFetching ? t('no_person') : undefined}
              error={err('user_id')}
            />
            <Text size="xs" c="dimmed">
              {t('or_new')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
              {FIELDS.map((k) => (
                <TextInput
                  key={k}
                  label={t(k)}
                  aria-label={`${t(k)} ${index + 1}`}
                  required={k === 'first_name' || k === 'last_name'}
                  value={value[k]}
                  inputMode={k === 'phone' ? 'numeric' : undefined}
                  maxLength={k === 'phone' ? 20 : k === 'company_name' ? 100 : k === 'email' ? 254 : 50}
                  onChange={(e) => set(k, k === 'phone' ? e.currentTarget.value.replace(/\D/g, '') : e.currentTarget.value)}
                  onBlur={k === 'email' || k === 'phone' ? () => void unique(k) : undefined}
                  error={taken[k] ?? err(k)}
                />
              ))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Paper>
  );
}
