import { Alert, Anchor, Button, Group, Paper, PasswordInput, PinInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { isStandalone, type UserDetails } from '@gatehouse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { LanguageMenu } from '../../../components/LanguageMenu';
import { useZodForm } from '../../../components/form';
import { BarePage } from '../../../components/PageLayout';
import { HttpError, http } from '../../../lib/http';
import { isLanguage } from '../../../lib/i18n';
import { useRouteTable } from '../../../lib/route-table';
import { LANGUAGE_KEY } from '../../../lib/storage-keys';
import { clearSession, patchSession, setSession } from '../../../lib/session';
import { afterLoginPath, login } from '../api/auth';

const zLoginForm = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
});

/** /login (rules 27, 76): clears the stored user; asks for the two-step code when the API answers 'otp_needed'. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const routeTable = useRouteTable();
  const [params] = useSearchParams();
  // A notice handed over by the page that sent the user here (e.g. two-step turned on: rule 85).
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const form = useZodForm(zLoginForm, { email: '', password: '' });
  const [otpStep, setOtpStep] = useState(false);
  const [otp, setOtp] = useState('');
  const [otpError, setOtpError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const qc = useQueryClient();
  // rule 27: /login clears the stored user (and whatever the previous user's pages had cached)
  useEffect(() => {
    clearSession();
    qc.clear();
  }, [qc]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (!data) return;
    if (otpStep && !/^\d{6}$/.test(otp)) return setOtpError(t('otp.format'));
    setBusy(true);
    try {
      const session = await login({ ...data, otp: otpStep ? otp : undefined });
      setSession(session);
      await keepChosenLanguage(session.user);
      const home = routeTable.homeOf(session);
      const fallback = session.entity && isStandalone(session.entity.package) && routeTable.existingPaths.has('/sites') ? '/sites' : home;
      navigate(afterLoginPath(params.get('next'), fallback), { replace: true });
    } catch (err) {
      if (err instanceof HttpError && err.code === 'otp_needed') {
        setOtpStep(true);
        form.setErrors({});
        form.setFormError(null);
      } else if (err instanceof HttpError && err.code === 'otp_invalid') {
        setOtpError(err.message);
        setOtp('');
      } else form.applyServerError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <BarePage>
      <Group justify="space-between">
        <img src="/gatehouse.svg" alt="" width={40} height={40} />
        <LanguageMenu variant="light" />
      </Group>
      <Paper withBorder shadow="sm" p="xl" radius="md" component="form" onSubmit={submit} noValidate>
        <Stack>
          <Title order={2}>{t('login.title')}</Title>
          <Text c="dimmed" size="sm">{otpStep ? t('otp.text') : t('login.subtitle')}</Text>
          {notice && !otpStep ? <Alert color="blue" role="status">{notice}</Alert> : null}
          {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }} role="alert">{form.formError}</Alert> : null}
          {!otpStep ? (
            <>
              <TextInput label={t('login.email')} type="email" autoComplete="username" required {...form.input('email')} />
              <PasswordInput label={t('login.password')} autoComplete="current-password" required {...form.input('password')} />
            </>
          ) : (
            <Stack gap={4}>
              <Text size="sm" fw={500}>{t('otp.label')}</Text>
              <Group justify="center">
                <PinInput length={6} type="number" oneTimeCode value={otp} onChange={(v) => { setOtp(v); setOtpError(null); }} aria-label={t('otp.label')} autoFocus />
              </Group>
              {otpError ? <Text c="red" size="sm" role="alert">{otpError}</Text> : null}
            </Stack>
          )}
          <Button type="submit" loading={busy} fullWidth>
            {otpStep ? t('otp.submit') : t('login.submit')}
          </Button>
          <Group justify="space-between">
            {otpStep ? (
              <Anchor component="button" type="button" size="sm" onClick={() => { setOtpStep(false); setOtp(''); }}>
                {t('otp.back')}
              </Anchor>
            ) : <span />}
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('login.forgot')}
            </Anchor>
          </Group>
        </Stack>
      </Paper>
    </BarePage>
  );
}

/**
 * A language chosen on this page (rule 80) is the one the person reads: the account takes it too, so the server's
 * messages (field errors, toasts) come in it rather than in the account's older language.
 */
async function keepChosenLanguage(user: UserDetails) {
  const chosen = localStorage.getItem(LANGUAGE_KEY);
  if (!isLanguage(chosen) || chosen === user.lang) return;
  const saved = await http.post('/api/change-lang', { lang: chosen }).then(
    () => true,
    () => false,
  );
  if (saved) patchSession({ user: { ...user, lang: chosen } });
}
