import type { DirectoryTypeKey } from '@gatehouse/contract';
import { Alert, Button, Group, PasswordInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateName } from '../api/integrations';
import { errorText, fieldsOf } from './bits';

/** Rule 267: the values each directory needs; secrets are typed, never shown back (the server names only which are set). */
const FIELDS: Record<DirectoryTypeKey, string[]> = {
  google: ['refresh_token', 'client_id', 'client_secret', 'service_account_email', 'private_key', 'admin_email', 'customer'],
  azure: ['tenant', 'client', 'secret', 'base_url'],
  paxton: ['username', 'password', 'client_id', 'server_url'],
  wonde: ['school_id', 'token', 'base_url'],
};
const SECRETS = new Set(['refresh_token', 'client_secret', 'private_key', 'secret', 'password', 'token']);
const OPTIONAL = new Set(['base_url', 'customer', 'refresh_token', 'client_id', 'client_secret', 'service_account_email', 'private_key', 'admin_email']);

interface Props {
  type: DirectoryTypeKey;
  /** The integration being re-authenticated (its name is kept); absent for a new one. */
  existing?: { id: number; name: string; configured: string[] };
  initial?: Record<string, string>;
  onSubmit: (body: Record<string, string>) => Promise<unknown>;
}

/** Name and credentials of a directory: the name is checked as it is typed (rule 275), the credentials proven by the server. */
export function CredentialsForm({ type, existing, initial = {}, onSubmit }: Props) {
  const { t } = useTranslation('integrations');
  const [values, setValues] = useState<Record<string, string>>({ name: existing?.name ?? '', ...initial });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (k: string, v: string) => setValues((s) => ({ ...s, [k]: v }));
  const checkName = async () => {
    const name = values.name.trim();
    if (!name) return setErrors((e) => ({ ...e, name: t('settings.name_required') }));
    try {
      const res = await validateName(name, existing?.id);
      setErrors((e) => ({ ...e, name: res.data.unique ? '' : res.message }));
    } catch (err) {
      setErrors((e) => ({ ...e, ...fieldsOf(err) }));
    }
  };
  const submit = async () => {
    setFormError(null);
    if (!existing && !values.name.trim()) return setErrors({ name: t('settings.name_required') });
    setBusy(true);
    try {
      const body = Object.fromEntries(Object.entries(values).filter(([k, v]) => v.trim() !== '' && !(existing && k === 'name')));
      await onSubmit(body);
      setErrors({});
    } catch (err) {
      const fields = fieldsOf(err);
      setErrors(fields);
      const shown = new Set(['name', ...FIELDS[type]]);
      setFormError(!Object.keys(fields).length || Object.keys(fields).some((k) => !shown.has(k)) ? errorText(err) : null);
    } finally {
      setBusy(false);
    }
  };
  const label = (k: string) => t(`field.${k}`);
  const hint = (k: string) => (existing?.configured.includes(k) ? t('settings.kept') : undefined);
  return (
    <Stack maw={560}>
      {existing ? null : <TextInput label={t('name')} required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} onBlur={checkName} error={errors.name || undefined} maxLength={100} />}
      {FIELDS[type].map((k) =>
        k === 'private_key' ? (
          <Textarea key={k} label={label(k)} autosize minRows={2} value={values[k] ?? ''} onChange={(e) => set(k, e.currentTarget.value)} error={errors[k] || undefined} description={hint(k)} autoComplete="off" />
        ) : SECRETS.has(k) ? (
          <PasswordInput key={k} label={label(k)} required={!OPTIONAL.has(k) && !existing} value={values[k] ?? ''} onChange={(e) => set(k, e.currentTarget.value)} error={errors[k] || undefined} description={hint(k)} autoComplete="new-password" />
        ) : (
          <TextInput key={k} label={label(k)} required={!OPTIONAL.has(k) && !existing} value={values[k] ?? ''} onChange={(e) => set(k, e.currentTarget.value)} error={errors[k] || undefined} description={k === 'base_url' ? t('settings.base_url_hint') : hint(k)} />
        ),
      )}
      {type === 'google' ? <Alert color="blue">{t('settings.google_hint')}</Alert> : null}
      {formError ? (
        <Alert color="red" role="alert">
          {formError}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={submit} loading={busy}>
          {existing ? t('settings.reauth') : t('settings.authenticate')}
        </Button>
      </Group>
    </Stack>
  );
}
