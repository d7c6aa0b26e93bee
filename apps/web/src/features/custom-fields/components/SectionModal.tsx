import { Alert, Button, Group, Loader, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUniqueName } from '../../../components/use-unique-name';
import { HttpError } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { checkSectionName, type Section, sectionBody, useSaveSection } from '../api/custom-fields';

/** Add a section, or rename one (its fields are sent back unchanged); the name is unique (rule 219), checked as typed. */
export function SectionModal({ section, onClose }: { section: Section | null; onClose: () => void }) {
  const { t } = useTranslation('custom-fields');
  const save = useSaveSection();
  const [value, setValue] = useState(section?.value ?? '');
  const [error, setError] = useState<string | undefined>();
  const { taken, checking } = useUniqueName('section', value, (name, signal) => checkSectionName(name, section?.id, signal), section?.value);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!value.trim()) return setError(tMessage('custom_fields.section_required'));
    if (taken) return;
    const body = section ? sectionBody(section, section.custom_fields, value.trim()) : { value: value.trim(), custom_fields: [] };
    save.mutate(
      { id: section?.id ?? null, body },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'green', message: r.message });
          onClose();
        },
        onError: (err) => setError(err instanceof HttpError ? (err.fieldErrors.value?.join('\n') ?? err.message) : String(err)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={section ? t('rename_section') : t('add_section')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {save.isError && !error ? <Alert color="red">{save.error.message}</Alert> : null}
          <TextInput
            label={t('section_name')}
            required
            maxLength={50}
            data-autofocus
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(undefined);
            }}
            error={error ?? taken}
            rightSection={checking ? <Loader size="xs" /> : null}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('cancel')}</Button>
            <Button type="submit" loading={save.isPending} disabled={!!taken}>{t('save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
