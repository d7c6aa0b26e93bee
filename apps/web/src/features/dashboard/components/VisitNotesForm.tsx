import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ADMIN_NOTES_MIN, zVisitNotesBody } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { useZodForm } from '../../../components/form';
import { useSession } from '../../../lib/session';
import { useSaveVisitNotes } from '../api/visit-changes';

/** Admin notes on a visit: at least 20 characters (rule 211); a failure shows the server's message (rule 161). */
export function VisitNotesForm({ visitId, notes, onSaved }: { visitId: number; notes: string | null; onSaved: (notes: string) => void }) {
  const { t } = useTranslation('dashboard');
  const entityId = useSession()?.entity?.id ?? 0;
  const save = useSaveVisitNotes();
  const form = useZodForm(zVisitNotesBody, { entity_id: entityId, visit_id: visitId, notes: notes ?? '' });
  const length = String(form.values.notes ?? '').trim().length;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = form.validate();
    if (!body) return;
    save.mutate(body, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        onSaved(r.data.admin_notes ?? body.notes);
      },
      onError: (err) => form.applyServerError(err),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        {form.formError ? (
          <Alert color="red" style={{ whiteSpace: 'pre-line' }}>
            {form.formError}
          </Alert>
        ) : null}
        <Textarea label={t('drawer.admin_notes')} minRows={3} rows={3} maxLength={2000} {...form.input('notes')} />
        <Group justify="space-between">
          <Text size="xs" c={length >= ADMIN_NOTES_MIN ? 'dimmed' : 'orange'} aria-live="polite">
            {t('drawer.notes_count', { count: length, min: ADMIN_NOTES_MIN })}
          </Text>
          <Button type="submit" size="sm" loading={save.isPending}>
            {t('drawer.save_notes')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
