import { Alert, Badge, Button, Card, Code, Group, Image, PasswordInput, PinInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HttpError } from '../../../lib/http';
import { clearSession, useSession } from '../../../lib/session';
import { refreshSession } from '../../../lib/refresh-session';
import { otpDisable, otpEnable, otpSetup } from '../api/passport';

/**
 * Two-step authentication (rules 83-85): set-up with a QR code from GET /api/passport/otp/setup, confirmed by a
 * first code (POST /api/passport/otp/enable, which logs the user out everywhere), or turned off with the password.
 */
export function TwoStepCard() {
  const { t } = useTranslation('passport');
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const enabled = session?.user.is_otp_enabled === 1;
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setup = useMutation({ mutationFn: otpSetup, onSuccess: () => setError(null) });
  const enable = useMutation({
    mutationFn: () => otpEnable(code),
    onSuccess: (r) => {
      clearSession(); // rule 85
      navigate('/login', { replace: true, state: { notice: r.message } });
    },
    onError: (e) => setError(e instanceof HttpError ? (e.fieldErrors.otp?.join('\n') ?? e.message) : String(e)),
  });
  const disable = useMutation({
    mutationFn: () => otpDisable(password),
    onSuccess: async (r) => {
      notifications.show({ color: 'green', message: r.message });
      setPassword('');
      await refreshSession().catch(() => undefined);
    },
    onError: (e) => setError(e instanceof HttpError ? (e.fieldErrors.password?.join('\n') ?? e.message) : String(e)),
  });
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>{t('otp.title')}</Title>
          <Badge color={enabled ? 'green' : 'gray'}>{enabled ? t('otp.on') : t('otp.off')}</Badge>
        </Group>
        {params.get('force_otp') && !enabled ? <Alert color="orange">{t('otp.forced')}</Alert> : null}
        <Text size="sm" c="dimmed">{t('otp.text')}</Text>
        {error ? <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>{error}</Alert> : null}
        {enabled ? (
          <Group align="flex-end">
            <PasswordInput label={t('otp.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} w={280} autoComplete="current-password" />
            <Button color="red" variant="light" disabled={!password} loading={disable.isPending} onClick={() => disable.mutate()}>
              {t('otp.disable')}
            </Button>
          </Group>
        ) : setup.data ? (
          <Stack>
            <Text size="sm">{t('otp.scan')}</Text>
            <Image src={setup.data.qr} alt={t('otp.qr_alt')} w={220} h={220} />
            <Text size="sm">
              {t('otp.secret')} <Code style={{ userSelect: 'all' }}>{setup.data.secret}</Code>
            </Text>
            <Text size="sm" fw={500}>{t('otp.code')}</Text>
            <PinInput length={6} type="number" oneTimeCode value={code} onChange={setCode} aria-label={t('otp.code')} />
            <Text size="sm" c="dimmed">{t('otp.logout_note')}</Text>
            <Group>
              <Button onClick={() => enable.mutate()} disabled={code.length !== 6} loading={enable.isPending}>
                {t('otp.enable')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button onClick={() => setup.mutate()} loading={setup.isPending}>
              {t('otp.start')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
