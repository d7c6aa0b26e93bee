import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError, joinErrors } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { flatten, subtreeIds, type UserTypeNode, useMoveUserType } from '../api/user-types';

const TOP = 'top';

/** Moves a type under another parent or to the top level; its own branch is not offered (no cycles). */
export function MoveUserTypeModal({ node, tree, onClose }: { node: UserTypeNode; tree: UserTypeNode[]; onClose: () => void }) {
  const { t } = useTranslation('user-types');
  const move = useMoveUserType();
  const [parent, setParent] = useState<string>(node.parent_id ? String(node.parent_id) : TOP);
  const [error, setError] = useState<string | null>(null);
  const own = new Set(subtreeIds(node));
  const options = [
    { value: TOP, label: t('top_level') },
    // Depth shown with leading spaces (U+2003), which keep their place in right-to-left text.
    ...flatten(tree).filter((x) => !own.has(x.node.id)).map((x) => ({ value: String(x.node.id), label: `${'\u2003'.repeat(x.depth)}${x.node.name}` })),
  ];
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    move.mutate(
      { id: node.id, parent_id: parent === TOP ? null : Number(parent) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: tMessage('user_types.moved') });
          onClose();
        },
        onError: (err) => setError(err instanceof HttpError ? joinErrors(err.fieldErrors) || err.message : String(err)),
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('move_title', { name: node.name })}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">{t('move_hint')}</Text>
          {error ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{error}</Alert> : null}
          <Select label={t('new_parent')} data={options} value={parent} onChange={(v) => setParent(v ?? TOP)} allowDeselect={false} searchable data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('cancel')}</Button>
            <Button type="submit" loading={move.isPending} disabled={parent === (node.parent_id ? String(node.parent_id) : TOP)}>{t('move')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
