import { VACCINE_STATUSES, zDocumentBody } from '@gatehouse/contract';
import { Alert, Button, FileInput, Group, Modal, SegmentedControl, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/fields';
import { type FieldErrors, zodFieldErrors } from '../../../components/form';
import { HttpError } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useCreateDocument, useDocumentTypes } from '../api/documents';
import type { UserFull } from '../api/users';

const FILE_MAX = 5 * 1024 * 1024;
const AUTO = 'auto';
type Kind = 'covid_vaccine' | 'test';

/**
 * A new vaccine or PCR record for a person (rules 183, 186): the certificate's data, the document type of the
 * organisation, an optional status set by hand (rule 181, otherwise worked out from the data) and the attached file.
 */
export function DocumentFormModal({ user, onClose }: { user: UserFull; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const entityId = useSession()?.entity?.id ?? 0;
  const types = useDocumentTypes(entityId).data ?? [];
  const create = useCreateDocument();
  const [kind, setKind] = useState<Kind>('covid_vaccine');
  const [typeId, setTypeId] = useState<string | null>(null);
  const [v, setV] = useState<Record<string, string>>({ first_name: user.first_name, last_name: user.last_name });
  const [acceptNegative, setAcceptNegative] = useState(false);
  const [status, setStatus] = useState<string>(AUTO);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (k: string, value: string) => {
    setV((x) => ({ ...x, [k]: value }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  const text = (k: string, max = 100) => ({ value: v[k] ?? '', onChange: (e: { currentTarget: { value: string } }) => set(k, e.currentTarget.value), error: errors[k], maxLength: max });
  const date = (k: string) => ({ value: v[k] || null, onChange: (x: unknown) => set(k, x ? String(x).slice(0, 10) : ''), error: errors[k], clearable: true });
  const ownType = types.find((x) => String(x.id) === typeId) ?? types.find((x) => x.key === kind);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const vaccineOnly = ['vaccine_name', 'batch_number', 'date_taken'];
    const testOnly = ['pcr_result', 'pcr_date'];
    const fields: Record<string, string | number> = { user_id: user.id, type: kind, accept_negative_pcr: kind === 'test' && acceptNegative ? 1 : 0 };
    for (const [k, x] of Object.entries(v)) if (x.trim() && !(kind === 'test' ? vaccineOnly : testOnly).includes(k)) fields[k] = x.trim();
    if (ownType) fields.document_type_id = ownType.id;
    if (status !== AUTO) fields.vaccine_status = status;
    const parsed = zDocumentBody.safeParse(fields);
    const next: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);
    if (file && file.size > FILE_MAX) next.file = tMessage('documents.file_invalid');
    if (Object.values(next).some(Boolean)) return setErrors(next);
    create.mutate(
      { fields, file },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'green', message: r.message });
          onClose();
        },
        onError: (err) => {
          if (!(err instanceof HttpError)) throw err;
          const f = err.fieldErrors;
          setErrors(Object.fromEntries(Object.entries(f).map(([k, m]) => [k, m.join('\n')])));
          setFormError(Object.keys(f).length ? null : err.message);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('add_title', { name: user.full_name })} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack>
          {formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{formError}</Alert> : null}
          <SegmentedControl aria-label={t('kind')} value={kind} onChange={(x) => { setKind(x as Kind); setTypeId(null); }} data={[{ value: 'covid_vaccine', label: t('kinds.covid_vaccine') }, { value: 'test', label: t('kinds.test') }]} />
          <Select label={t('document_type')} data={types.map((x) => ({ value: String(x.id), label: x.name }))} value={ownType ? String(ownType.id) : null} onChange={setTypeId} allowDeselect={false} error={errors.document_type_id} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('first_name')} {...text('first_name', 50)} />
            <TextInput label={t('last_name')} {...text('last_name', 50)} />
            <DateField label={t('date_of_birth')} {...date('date_of_birth')} />
          </SimpleGrid>
          {kind === 'covid_vaccine' ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('vaccine_name')} {...text('vaccine_name')} />
              <TextInput label={t('batch_number')} {...text('batch_number')} />
              <DateField label={t('date_taken')} {...date('date_taken')} />
            </SimpleGrid>
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Select label={t('pcr_result')} clearable data={[{ value: 'negative', label: t('results.negative') }, { value: 'positive', label: t('results.positive') }]} value={v.pcr_result || null} onChange={(x) => set('pcr_result', x ?? '')} error={errors.pcr_result} />
              <DateField label={t('pcr_date')} {...date('pcr_date')} />
              <Switch mt="xl" label={t('accept_negative_pcr')} checked={acceptNegative} onChange={(e) => setAcceptNegative(e.currentTarget.checked)} />
            </SimpleGrid>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('protocol')} description={t('protocol_hint')} {...text('protocol')} />
            <DateField label={t('start_date')} {...date('start_date')} />
            <DateField label={t('expiry_date')} {...date('expiry_date')} />
          </SimpleGrid>
          <Textarea label={t('notes')} autosize minRows={2} {...text('notes', 2000)} />
          <Select label={t('status')} description={t('status_hint')} data={[{ value: AUTO, label: t('status_auto') }, ...VACCINE_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]} value={status} onChange={(x) => setStatus(x ?? AUTO)} allowDeselect={false} />
          <FileInput label={t('file')} description={t('file_hint')} accept="application/pdf,image/png,image/jpeg" clearable value={file} onChange={(f) => { setFile(f); setErrors((e) => ({ ...e, file: undefined })); }} error={errors.file} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('cancel')}</Button>
            <Button type="submit" loading={create.isPending}>{t('save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
