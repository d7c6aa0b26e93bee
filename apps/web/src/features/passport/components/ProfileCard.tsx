import { Avatar, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { LANGUAGES, type Language } from '@gatehouse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingOverlay } from '@mantine/core';
import { http } from '../../../lib/http';
import { savedLanguage } from '../../../lib/i18n';
import { userImage } from '../../../lib/names';
import { useSession } from '../../../lib/session';
import { LANGUAGE_KEY } from '../../../lib/storage-keys';
import { useRoleName } from '../../../lib/roles';

/** Who is signed in, and the interface language (saved on the account and in `language`, then a reload: rule 80). */
export function ProfileCard() {
  const { t } = useTranslation('passport');
  const { t: ts } = useTranslation('shell');
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const roleName = useRoleName();
  if (!session) return null;
  const { user, entity, role } = session;
  const change = async (lang: Language) => {
    setBusy(true);
    localStorage.setItem(LANGUAGE_KEY, lang);
    await http.post('/api/change-lang', { lang }).catch(() => undefined);
    window.location.reload();
  };
  return (
    <Card withBorder padding="lg">
      <LoadingOverlay visible={busy} zIndex={10000} pos="fixed" />
      <Stack>
        <Group>
          <Avatar src={userImage(user.image, entity?.id)} name={user.fullName} color="initials" size="lg" radius="xl" />
          <div>
            <Title order={3}>{user.fullName}</Title>
            <Text c="dimmed" size="sm">{user.email}</Text>
          </div>
        </Group>
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>{t('profile.organisation')}</Table.Th>
              <Table.Td>{entity?.name ?? t('profile.no_organisation')}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('profile.role')}</Table.Th>
              <Table.Td>{roleName(role?.name) || '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('profile.passport_id')}</Table.Th>
              <Table.Td style={{ wordBreak: 'break-all' }}>{user.passport_id}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Select
          label={t('profile.language')}
          data={LANGUAGES.map((l) => ({ value: l, label: ts(`language.${l}`) }))}
          value={savedLanguage()}
          onChange={(v) => v && v !== savedLanguage() && void change(v as Language)}
          allowDeselect={false}
          maw={320}
        />
      </Stack>
    </Card>
  );
}
