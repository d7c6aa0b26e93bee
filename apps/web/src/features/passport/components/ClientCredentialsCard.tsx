import { Alert, Button, Card, Code, CopyButton, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { clientSecret } from '../api/passport';

function Secret({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('common');
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" fw={500} w={120}>{label}</Text>
      <Code style={{ wordBreak: 'break-all', userSelect: 'all' }}>{value}</Code>
      <CopyButton value={value}>{({ copied, copy }) => <Button size="compact-xs" variant="light" onClick={copy}>{copied ? t('copied') : t('copy')}</Button>}</CopyButton>
    </Group>
  );
}

/** API client credentials (POST /api/get-client-secret): the secret is shown once (rule 88 clients exchange it). */
export function ClientCredentialsCard() {
  const { t } = useTranslation('passport');
  const session = useSession();
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  // With two-step on, the code is asked for here too, as at login (issue 16 part 2).
  const twoStep = session?.user.is_otp_enabled === 1;
  const get = useMutation({
    mutationFn: () => clientSecret(session?.user.email ?? '', password, twoStep ? otp : undefined),
    onSuccess: () => {
      setPassword('');
      setOtp('');
      setError(null);
    },
    onError: (e) => setError(e instanceof HttpError ? e.message : String(e)),
  });
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={3}>{t('client.title')}</Title>
        <Text size="sm" c="dimmed">{t('client.text')}</Text>
        {twoStep ? <Text size="sm" c="dimmed">{t('client.otp_note')}</Text> : null}
        {error ? <Alert color="red" role="alert">{error}</Alert> : null}
        {get.data ? (
          <Alert color="yellow" title={t('client.once')}>
            <Stack gap="xs">
              <Secret label={t('client.id')} value={get.data.client_id} />
              <Secret label={t('client.secret')} value={get.data.client_secret} />
            </Stack>
          </Alert>
        ) : null}
        <Group align="flex-end">
          <PasswordInput label={t('client.password')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} w={280} autoComplete="current-password" />
          {twoStep ? (
            <TextInput label={t('client.code')} value={otp} onChange={(e) => setOtp(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))} w={160} inputMode="numeric" autoComplete="one-time-code" />
          ) : null}
          <Button onClick={() => get.mutate()} disabled={!password || (twoStep && otp.length !== 6)} loading={get.isPending}>{t('client.create')}</Button>
        </Group>
      </Stack>
    </Card>
  );
}
