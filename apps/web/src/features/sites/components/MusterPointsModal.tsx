import { zMusterPointsBody } from '@gatehouse/contract';
import { ActionIcon, Alert, Button, Center, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { musterPointsQuery, saveMusterPoints, type TreeSite } from '../api/places';

type Row = { id?: number; name: string; key: string };
let nextKey = 0;
const rowKey = () => `new-${++nextKey}`;

/**
 * A site's assembly (muster) points, chosen on the site's page: wardens mark people safe at one of them during an
 * emergency session (issue 17 part 2). Renaming keeps a point (and the marks made at it); removing it keeps the
 * marks' history.
 */
export function MusterPointsModal({ site, onClose }: { site: TreeSite; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const qc = useQueryClient();
  const points = useQuery(musterPointsQuery(site.id));
  const [rows, setRows] = useState<Row[] | null>(null);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list: Row[] = rows ?? (points.data ?? []).map((p) => ({ id: p.id, name: p.name, key: `id-${p.id}` }));
  const edit = (next: Row[]) => {
    setRows(next);
    setErrors({});
  };
  const save = async () => {
    const body = { muster_points: list.map(({ id, name }) => (id ? { id, name } : { name })) };
    const parsed = zMusterPointsBody.safeParse(body);
    if (!parsed.success) {
      const byRow: Record<number, string> = {};
      for (const issue of parsed.error.issues) if (typeof issue.path[1] === 'number') byRow[issue.path[1]] ??= tMessage(issue.message);
      setErrors(byRow);
      setFormError(Object.keys(byRow).length ? null : tMessage(parsed.error.issues[0].message));
      return;
    }
    setBusy(true);
    try {
      const res = await saveMusterPoints(site.id, parsed.data);
      notifications.show({ color: 'green', message: res.message });
      await qc.invalidateQueries({ queryKey: ['sites', 'muster', site.id] });
      onClose();
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      const byRow: Record<number, string> = {};
      for (const [k, msgs] of Object.entries(err.fieldErrors)) {
        const m = /^muster_points\.(\d+)/.exec(k);
        if (m) byRow[Number(m[1])] = msgs.join('\n');
      }
      setErrors(byRow);
      setFormError(Object.keys(byRow).length ? null : err.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('muster.title', { name: site.name })} centered>
      <Stack>
        <Text size="sm" c="dimmed">{t('muster.hint')}</Text>
        {formError ? <Alert color="red">{formError}</Alert> : null}
        {points.isLoading ? (
          <Center py="md"><Loader size="sm" aria-label={t('muster.loading')} /></Center>
        ) : (
          <Stack gap="xs">
            {list.length ? null : <Text size="sm">{t('muster.none')}</Text>}
            {list.map((row, i) => (
              <Group key={row.key} gap="xs" align="flex-start" wrap="nowrap">
                <TextInput
                  style={{ flex: 1 }}
                  label={t('muster.name', { n: i + 1 })}
                  maxLength={60}
                  value={row.name}
                  error={errors[i]}
                  onChange={(e) => edit(list.map((r, j) => (j === i ? { ...r, name: e.currentTarget.value } : r)))}
                />
                <ActionIcon mt={26} variant="subtle" color="red" aria-label={t('muster.remove', { name: row.name || i + 1 })} onClick={() => edit(list.filter((_, j) => j !== i))}>
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            <Button variant="light" leftSection={<IconPlus size={14} />} w="fit-content" onClick={() => edit([...list, { name: '', key: rowKey() }])} disabled={list.length >= 30}>
              {t('muster.add')}
            </Button>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('muster.cancel')}</Button>
          <Button onClick={save} loading={busy} disabled={points.isLoading}>{t('muster.save')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
