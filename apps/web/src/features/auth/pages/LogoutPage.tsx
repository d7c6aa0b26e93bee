import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { clearSession } from '../../../lib/session';
import { logout } from '../api/auth';

/** /logout (rules 26, 77): revokes the token, clears local storage except the sidebar preference, goes to /login. */
export default function LogoutPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const qc = useQueryClient();
  useEffect(() => {
    let live = true;
    logout()
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        qc.clear();
        if (live) navigate('/login', { replace: true });
      });
    return () => {
      live = false;
    };
  }, [navigate, qc]);
  return (
    <Center mih="100vh">
      <Stack align="center">
        <Loader />
        <Text>{t('logout.text')}</Text>
      </Stack>
    </Center>
  );
}
