import { Button, Checkbox, Group, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HttpError, joinErrors } from '../../../lib/http';
import { siteOptionsQuery } from '../../sites/api/places';
import { startSession } from '../api/emergency';

/** Start a session over one or more sites; on success it opens the session page (rule 41). */
export function StartSessionModal({ entityId, opened, onClose }: { entityId: number; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('emergency');
  const navigate = useNavigate();
  const sites = useQuery({ ...siteOptionsQuery(entityId), enabled: opened });
  const [siteIds, setSiteIds] = useState<string[]>([]);
  const [name, setName] = useState('');
  const [drill, setDrill] = useState(false);
  const [error, setError] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    setError({});
    try {
      const res = await startSession({ site_ids: siteIds.map(Number), name: name.trim() || undefined, drill });
      onClose();
      navigate(`/emergency-sessions/${encodeURIComponent(res.data.name)}/${res.data.id}`);
    } catch (err) {
      if (err instanceof HttpError) setError({ site_ids: joinErrors(err.body.errors as Record<string, string[]> | undefined) || err.message, name: (err.body.errors as Record<string, string[]> | undefined)?.name?.join('\n') ?? '' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('start_title')} centered>
      <Stack>
        <MultiSelect
          label={t('sites')}
          required
          data={(sites.data ?? []).map((s) => ({ value: String(s.id), label: s.name }))}
          value={siteIds}
          onChange={setSiteIds}
          error={error.site_ids || undefined}
          searchable
          data-testid="start-sites"
        />
        <TextInput label={t('name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} error={error.name || undefined} />
        <Checkbox label={t('drill')} checked={drill} onChange={(e) => setDrill(e.currentTarget.checked)} />
        <Group justify="flex-end">
          <Button color="red" onClick={submit} loading={busy} disabled={!siteIds.length}>
            {t('start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
