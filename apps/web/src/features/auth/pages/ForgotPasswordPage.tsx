import { Alert, Anchor, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { zPassword } from '@gatehouse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useZodForm } from '../../../components/form';
import { BarePage } from '../../../components/PageLayout';
import { savedLanguage } from '../../../lib/i18n';
import { forgotPassword, resetPassword } from '../api/auth';

const zRequest = z.object({ email: z.string().trim().min(1).max(254).pipe(z.email({ error: 'validation.email' })) });
const zReset = z.object({ password: zPassword, confirm: z.string() }).refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'auth:forgot.mismatch' });

/** /forgot-password: asks for a reset link; with ?token= chooses the new password (POST /api/reset-password). */
export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return <BarePage>{token ? <ResetForm token={token} /> : <RequestForm />}</BarePage>;
}

function RequestForm() {
  const { t } = useTranslation('auth');
  const form = useZodForm(zRequest, { email: '' });
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (!data) return;
    setBusy(true);
    try {
      setDone((await forgotPassword(data.email, savedLanguage())).message);
    } catch (err) {
      form.applyServerError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        <Title order={2}>{t('forgot.title')}</Title>
        {done ? (
          <Alert color="green" role="status">{done}</Alert>
        ) : (
          <>
            <Text c="dimmed" size="sm">{t('forgot.text')}</Text>
            {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
            <TextInput label={t('login.email')} type="email" required {...form.input('email')} />
            <Button type="submit" loading={busy}>{t('forgot.submit')}</Button>
          </>
        )}
        <Anchor component={Link} to="/login" size="sm">{t('forgot.back')}</Anchor>
      </Stack>
    </Paper>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const form = useZodForm(zReset, { password: '', confirm: '' });
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (!data) return;
    setBusy(true);
    try {
      setDone((await resetPassword(token, data.password)).message);
    } catch (err) {
      form.applyServerError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" component="form" onSubmit={submit} noValidate>
      <Stack>
        <Title order={2}>{t('reset.title')}</Title>
        {done ? (
          <Alert color="green" role="status">{done}</Alert>
        ) : (
          <>
            {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }} role="alert">{form.formError}</Alert> : null}
            <PasswordInput label={t('reset.password')} required autoComplete="new-password" {...form.input('password')} />
            <PasswordInput label={t('reset.confirm')} required autoComplete="new-password" {...form.input('confirm')} />
            <Button type="submit" loading={busy}>{t('reset.submit')}</Button>
          </>
        )}
        <Anchor component={Link} to="/login" size="sm">{t('forgot.back')}</Anchor>
      </Stack>
    </Paper>
  );
}
