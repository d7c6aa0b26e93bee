import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fixError, type TempUser } from '../api/integrations';
import { errorText, fieldsOf } from './bits';

const FIELDS = ['first_name', 'last_name', 'email', 'phone', 'id_number'] as const;

/** Fix one person of the error list: the server checks them again (valid, still an error, or a duplicate). */
export function FixErrorModal({ person, userTypes, onClose, onFixed }: { person: TempUser; userTypes: { id: number; name: string }[]; onClose: () => void; onFixed: (p: TempUser, message: string) => void }) {
  const { t } = useTranslation('integrations');
  const [values, setValues] = useState<Record<string, string>>(Object.fromEntries(FIELDS.map((f) => [f, person.data[f] ?? ''])));
  const [type, setType] = useState<string | null>(person.user_type_id ? String(person.user_type_id) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = async () => {
    setFormError(null);
    try {
      const res = await fixError({ temp_user_id: person.id, ...values, ...(type ? { user_type_id: Number(type) } : {}) });
      onFixed(res.data, res.message);
    } catch (e) {
      const f = fieldsOf(e);
      setErrors(f);
      if (!Object.keys(f).length) setFormError(errorText(e));
    }
  };
  // What is still wrong with the person (from the last check) shows under its field until it is saved again.
  const shown = (f: string) => errors[f] || person.errors[f]?.join('\n') || undefined;
  return (
    <Modal opened onClose={onClose} title={t('errors.fix_title')} closeButtonProps={{ 'aria-label': t('close') }}>
      <Stack>
        {FIELDS.map((f) => (
          <TextInput key={f} label={t(`ours.${f}`)} value={values[f]} onChange={(e) => {
              const v = e.currentTarget.value;
              setValues((s) => ({ ...s, [f]: v }));
            }} error={shown(f)} />
        ))}
        <Select label={t('settings.user_type')} data={userTypes.map((u) => ({ value: String(u.id), label: u.name }))} value={type} onChange={setType} error={errors.user_type_id || person.errors.group?.join('\n') || undefined} />
        {formError ? (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button onClick={save}>{t('save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
