import { isAllowed } from '@gatehouse/contract';
import { Button, Group, Menu, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http, HttpError, joinErrors } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-file';
import { useSession } from '../../../lib/session';

/**
 * A person's own record from their page (issue 18): everything held about them as a ZIP, and their erasure on
 * request, confirmed with the caller's password. Shown to members with the privacy manager permission.
 */
export function PersonPrivacyItems({ userId, name, onErased }: { userId: number; name: string; onErased: () => void }) {
  const { t } = useTranslation('privacy');
  const session = useSession();
  const [erasing, setErasing] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!isAllowed(session?.permissions, 'privacy manager')) return null;
  const download = async () => saveBlob(await http.blob(`/api/personal_data/${userId}`), `personal-data-${userId}.zip`);
  const erase = async () => {
    try {
      const res = await http.post<{ message: string }>(`/api/erase_person/${userId}`, { password });
      notifications.show({ color: 'green', message: res.message });
      setErasing(false);
      onErased();
    } catch (e) {
      setError(e instanceof HttpError ? joinErrors(e.fieldErrors) || e.message : String(e));
    }
  };
  return (
    <>
      <Menu.Divider />
      <Menu.Item onClick={download}>{t('person.export')}</Menu.Item>
      <Menu.Item color="red" onClick={() => setErasing(true)}>
        {t('person.erase')}
      </Menu.Item>
      <Modal opened={erasing} onClose={() => setErasing(false)} title={t('person.erase_title', { name })}>
        <Stack>
          <Text size="sm">{t('person.erase_body')}</Text>
          <PasswordInput label={t('password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={error ?? undefined} required />
          <Group justify="flex-end">
            <Button color="red" disabled={!password} onClick={erase}>
              {t('person.erase')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
