import { Alert, Button, Code, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarePage } from '../../../components/PageLayout';
import { http } from '../../../lib/http';

const TOKEN_KEY = 'gatehouse.kiosk.device';
type Pending = { registration_id: number; pairing_code: string; secret: string; expires_at: string; poll_ms: number };
type Registered = { status: 'registered'; kiosk_id: number; entity_id: number; device_token: string };

/**
 * /kiosk-register (public, on the device): asks for a pairing code, shows it for the admin to type in the
 * console, and waits until the kiosk is added; the device token is then kept on this device only.
 */
export default function KioskRegisterPage() {
  const { t } = useTranslation('sites');
  const [name, setName] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [done, setDone] = useState<{ kiosk_id: number } | null>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(TOKEN_KEY) ?? 'null') as Registered | null;
      return saved ? { kiosk_id: saved.kiosk_id } : null;
    } catch {
      return null;
    }
  });
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    try {
      const res = await http.post<{ data: Pending }>('/api/kiosk-register', { name: name || undefined, app_version: 'web' });
      setPending(res.data);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  useEffect(() => {
    if (!pending) return;
    let stop = false;
    const tick = async () => {
      if (stop) return;
      try {
        const res = await http.post<{ data: Registered | { status: 'waiting' } }>('/api/kiosk-register/poll', { registration_id: pending.registration_id, secret: pending.secret });
        if (res.data.status === 'registered') {
          localStorage.setItem(TOKEN_KEY, JSON.stringify(res.data));
          setDone({ kiosk_id: res.data.kiosk_id });
          setPending(null);
          return;
        }
        setTimeout(() => void tick(), pending.poll_ms);
      } catch {
        setError(t('register.expired'));
        setPending(null);
      }
    };
    const first = setTimeout(() => void tick(), pending.poll_ms);
    return () => {
      stop = true;
      clearTimeout(first);
    };
  }, [pending, t]);

  return (
    <BarePage width={480}>
      <Stack align="center" ta="center">
        <Title order={2}>{t('register.title')}</Title>
        {error ? <Alert color="red">{error}</Alert> : null}
        {done ? (
          <Alert color="green">{t('register.done', { id: done.kiosk_id })}</Alert>
        ) : pending ? (
          <>
            <Text>{t('register.show_code')}</Text>
            <Code fz={40} p="md" style={{ letterSpacing: '0.3em' }} data-testid="pairing-code">{pending.pairing_code}</Code>
            <Text size="sm" c="dimmed">{t('register.waiting', { time: new Date(pending.expires_at).toLocaleTimeString() })}</Text>
          </>
        ) : (
          <>
            <Text>{t('register.intro')}</Text>
            <TextInput label={t('register.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} w="100%" />
            <Button onClick={() => void start()}>{t('register.start')}</Button>
          </>
        )}
      </Stack>
    </BarePage>
  );
}
