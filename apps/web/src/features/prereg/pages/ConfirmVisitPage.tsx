import { Alert, Button, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { zConfirmVisitForm } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useZodForm } from '../../../components/form';
import { confirmVisit, EXPIRED_REASON, getVisitByUrl, type VisitMetadata } from '../api/prereg';
import { VisitorFrame } from '../components/VisitorFrame';

const zUser = zConfirmVisitForm.shape.user.unwrap().required({ first_name: true, last_name: true });

/**
 * /c/:visitUrl: the confirmation link from the mail (rules 141-148). An expired link goes to /link-expired with its
 * reason; otherwise the visitor checks their details and confirms, then sees the success page.
 */
export default function ConfirmVisitPage() {
  const { visitUrl = '' } = useParams();
  const meta = useQuery({ queryKey: ['visit-link', visitUrl], queryFn: () => getVisitByUrl(visitUrl), retry: false });
  if (meta.isError) return <Navigate to="/link-expired?kind=confirmation" replace />;
  if (!meta.data) {
    return (
      <VisitorFrame>
        <Loader />
      </VisitorFrame>
    );
  }
  if (meta.data.is_expired) {
    const passport = meta.data.passport_id ? '&userHasPassport=true' : '';
    return <Navigate to={`/link-expired?kind=confirmation&reason=${EXPIRED_REASON[meta.data.reason ?? ''] ?? ''}${passport}`} replace />;
  }
  return <ConfirmForm visitUrl={visitUrl} meta={meta.data} />;
}

function ConfirmForm({ visitUrl, meta }: { visitUrl: string; meta: VisitMetadata }) {
  const { t, i18n } = useTranslation('prereg');
  const navigate = useNavigate();
  const form = useZodForm(zUser, { first_name: meta.user.first_name, last_name: meta.user.last_name, email: meta.user.email ?? '', phone: meta.user.phone ?? '', company_name: meta.user.company_name ?? '' });
  const [busy, setBusy] = useState(false);
  const when = meta.expectedDateTime ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(meta.expectedDateTime)) : '';
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (!data) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.set('_method', 'PUT');
      body.set('visit_url', visitUrl);
      body.set('visit_id', String(meta.visitId));
      for (const [k, v] of Object.entries(data)) if (v) body.set(`user[${k}]`, String(v));
      await confirmVisit(body);
      navigate(`/pre-registration/success?confirmed=1`);
    } catch (err) {
      form.applyServerError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <VisitorFrame>
      <form onSubmit={submit} noValidate data-testid="confirm-visit">
      <Stack gap="sm">
        <Title order={2}>{t('confirm.title')}</Title>
        <Text>{t('confirm.when', { when })}</Text>
        {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t('first_name')} required {...form.input('first_name')} />
          <TextInput label={t('last_name')} required {...form.input('last_name')} />
        </SimpleGrid>
        <TextInput label={t('email')} type="email" {...form.input('email')} />
        <TextInput label={t('phone')} type="tel" inputMode="numeric" {...form.input('phone')} />
        <TextInput label={t('company')} {...form.input('company_name')} />
        <Button type="submit" loading={busy}>
          {t('confirm.submit')}
        </Button>
      </Stack>
      </form>
    </VisitorFrame>
  );
}
