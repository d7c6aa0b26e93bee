import { Alert, Button, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { LINK_PAGE_REASONS, zConfirmVisitForm } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useZodForm } from '../../../components/form';
import { HttpError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { confirmVisit, confirmVisitAsPassport, getVisitByUrl, type VisitMetadata } from '../api/prereg';
import { PhotoField } from '../components/PhotoField';
import { VisitorFrame } from '../components/VisitorFrame';

const zUser = zConfirmVisitForm.shape.user.unwrap().required({ first_name: true, last_name: true });

const expiredPath = (reason: string | null | undefined, passport: boolean) =>
  `/link-expired?kind=confirmation&reason=${LINK_PAGE_REASONS[reason ?? ''] ?? ''}${passport ? '&userHasPassport=true' : ''}`;

/**
 * /c/:visitUrl/:code?: the confirmation link from the mail (rules 141-148, seed 001). An expired link goes to
 * /link-expired with its reason (and, for a passport holder, the offer to log in). With a code the page only loads
 * the visit's details: a passport holder not yet signed in as themself goes to the login-code page first (back here
 * afterwards), everyone else on to /c/{visitUrl}. There the visitor checks their details and confirms, then sees the
 * success page; a signed-in passport holder confirms through the passport call.
 */
export default function ConfirmVisitPage() {
  const { visitUrl = '', code } = useParams();
  const session = useSession();
  const meta = useQuery({ queryKey: ['visit-link', visitUrl], queryFn: () => getVisitByUrl(visitUrl), retry: false });
  if (meta.isError) return <Navigate to="/link-expired?kind=confirmation" replace />;
  if (!meta.data) {
    return (
      <VisitorFrame>
        <Loader />
      </VisitorFrame>
    );
  }
  const passportId = meta.data.passport_id;
  if (meta.data.is_expired) return <Navigate to={expiredPath(meta.data.reason, !!passportId)} replace />;
  const signedInAsOwner = !!passportId && session?.user?.passport_id === passportId;
  if (code) {
    if (passportId && !signedInAsOwner) return <Navigate to={`/login?next=${encodeURIComponent(`/c/${visitUrl}`)}`} replace />;
    return <Navigate to={`/c/${visitUrl}`} replace />;
  }
  return <ConfirmForm visitUrl={visitUrl} meta={meta.data} asPassport={signedInAsOwner} />;
}

function ConfirmForm({ visitUrl, meta, asPassport }: { visitUrl: string; meta: VisitMetadata; asPassport: boolean }) {
  const { t, i18n } = useTranslation('prereg');
  const navigate = useNavigate();
  const form = useZodForm(zUser, { first_name: meta.user.first_name, last_name: meta.user.last_name, email: meta.user.email ?? '', phone: meta.user.phone ?? '', company_name: meta.user.company_name ?? '' });
  const [busy, setBusy] = useState(false);
  // Rule 134: a photo only when the flow asks for one and the person has none.
  const needsPhoto = meta.validations.is_image_required === 1 && meta.validations.has_image === 0;
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const when = meta.expectedDateTime ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(meta.expectedDateTime)) : '';
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const data = form.validate();
    if (needsPhoto && !photo) setPhotoError(t('photo_required'));
    if (!data || (needsPhoto && !photo)) return;
    setBusy(true);
    try {
      const body = new FormData();
      body.set('_method', 'PUT');
      body.set('visit_url', visitUrl);
      body.set('visit_id', String(meta.visitId));
      for (const [k, v] of Object.entries(data)) if (v) body.set(`user[${k}]`, String(v));
      if (needsPhoto && photo) body.set('image', photo);
      await (asPassport ? confirmVisitAsPassport : confirmVisit)(body);
      navigate(`/pre-registration/success?confirmed=1`);
    } catch (err) {
      // The link expired meanwhile (rule 144): the expiry page says why.
      if (err instanceof HttpError && err.status === 410) return void navigate(expiredPath(err.code, !!meta.passport_id));
      if (err instanceof HttpError && err.fieldErrors.image) setPhotoError(err.fieldErrors.image.join('\n'));
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
        <TextInput label={t('phone')} type="tel" inputMode="numeric" maxLength={20} {...form.input('phone')} />
        <TextInput label={t('company')} {...form.input('company_name')} />
        {needsPhoto ? <PhotoField value={photo} onChange={setPhoto} error={photoError} onError={(k) => setPhotoError(k ? t(k) : null)} /> : null}
        <Button type="submit" loading={busy}>
          {t('confirm.submit')}
        </Button>
      </Stack>
      </form>
    </VisitorFrame>
  );
}
