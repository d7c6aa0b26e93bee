import type { zKioskPairing, zKioskRegisterPoll } from '@gatehouse/contract';
import { Alert, Button, Code, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarePage } from '../../../components/PageLayout';
import { http } from '../../../lib/http';
import { deviceInfo, deviceToken, forgetDeviceToken, saveDeviceToken } from '../../../lib/kiosk-device';
import type { z } from 'zod';

type Pending = z.output<typeof zKioskPairing>;

/** The kiosk app this page hands the device over to once it is paired. */
const KIOSK_APP_PATH = '/kiosk';
/** How long the "registered" message shows before the kiosk app opens. */
const HANDOVER_MS = 1500;

/**
 * /kiosk-register (public, on the device): asks for a pairing code, shows it for the admin to type in the
 * console, and waits until the kiosk is added. The device token is kept where the kiosk app reads it
 * (lib/kiosk-device.ts), and the page then opens the kiosk app. A device already paired is offered the kiosk app.
 */
export default function KioskRegisterPage({ open = (path: string) => window.location.assign(path) }: { open?: (path: string) => void }) {
  const { t } = useTranslation('sites');
  const [name, setName] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [paired, setPaired] = useState(() => !!deviceToken());
  const [done, setDone] = useState<{ kiosk_id: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setError(null);
    try {
      const res = await http.post<{ data: Pending }>('/api/kiosk-register', deviceInfo(name.trim() || undefined));
      setPending(res.data);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  useEffect(() => {
    if (!pending) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (stop) return;
      try {
        const res = await http.post<z.output<typeof zKioskRegisterPoll>>('/api/kiosk-register/poll', { registration_id: pending.registration_id, secret: pending.secret });
        if (stop) return;
        if (res.data.status === 'registered') {
          saveDeviceToken(res.data.device_token);
          setDone({ kiosk_id: res.data.kiosk_id });
          setPending(null);
          return;
        }
        timer = setTimeout(() => void tick(), pending.poll_ms);
      } catch {
        setError(t('register.expired'));
        setPending(null);
      }
    };
    timer = setTimeout(() => void tick(), pending.poll_ms);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [pending, t]);

  // Paired: the kiosk app takes over on this device.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => open(KIOSK_APP_PATH), HANDOVER_MS);
    return () => clearTimeout(timer);
  }, [done, open]);

  return (
    <BarePage width={480}>
      <Stack align="center" ta="center">
        <Title order={2}>{t('register.title')}</Title>
        {error ? <Alert color="red">{error}</Alert> : null}
        {done ? (
          <Alert color="green" data-testid="kiosk-registered">
            {t('register.done', { id: done.kiosk_id })}
          </Alert>
        ) : paired && !pending ? (
          <>
            <Alert color="blue">{t('register.paired')}</Alert>
            <Group>
              <Button component="a" href={KIOSK_APP_PATH}>
                {t('register.open_kiosk')}
              </Button>
              <Button
                variant="default"
                onClick={() => {
                  forgetDeviceToken();
                  setPaired(false);
                }}
              >
                {t('register.pair_again')}
              </Button>
            </Group>
          </>
        ) : pending ? (
          <>
            <Text>{t('register.show_code')}</Text>
            <Code fz={40} p="md" style={{ letterSpacing: '0.3em' }} data-testid="pairing-code" dir="ltr">
              {pending.pairing_code}
            </Code>
            <Text size="sm" c="dimmed">
              {t('register.waiting', { time: new Date(pending.expires_at).toLocaleTimeString() })}
            </Text>
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
