import { Button, Card, Center, Group, Loader, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { HttpError, joinErrors } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { branchCount, type UserTypeNode, useDeleteUserType, useUserTypeTree } from '../api/user-types';
import { MoveUserTypeModal } from '../components/MoveUserTypeModal';
import { type UserTypeAction, UserTypeNodeRow } from '../components/UserTypeNodeRow';
import { UserTypeQrModal } from '../components/UserTypeQrModal';

/** The tree kept to the types whose name (or a descendant's) matches the search. */
function filterTree(nodes: UserTypeNode[], q: string): UserTypeNode[] {
  if (!q) return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], q);
    return n.name.toLowerCase().includes(q) || children.length ? [{ ...n, children }] : [];
  });
}

/** /user-types: the user-type tree with parents, people counts, moves, QR codes, edit and delete (rules 189-194, 103). */
export default function UserTypesPage() {
  const { t } = useTranslation('user-types');
  const navigate = useNavigate();
  const entityId = useSession()?.entity?.id ?? 0;
  const tree = useUserTypeTree(entityId);
  const remove = useDeleteUserType();
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<{ kind: 'move' | 'qr'; node: UserTypeNode } | null>(null);
  const shown = useMemo(() => filterTree(tree.data ?? [], search.trim().toLowerCase()), [tree.data, search]);
  const total = (tree.data ?? []).reduce((n, x) => n + branchCount(x), 0);

  const toggle = (id: number) => setCollapsed((s) => (s.has(id) ? new Set([...s].filter((x) => x !== id)) : new Set([...s, id])));
  const onAction = (node: UserTypeNode, action: UserTypeAction) => {
    if (action === 'edit') navigate(`/add-user-type?id=${node.id}`);
    if (action === 'add_child') navigate(`/add-user-type?parent=${node.id}`);
    if (action === 'move' || action === 'qr') setDialog({ kind: action, node });
    if (action === 'delete') {
      modals.openConfirmModal({
        title: t('delete_title'),
        children: <Text size="sm">{t('delete_body', { name: node.name })}</Text>,
        labels: { confirm: t('delete'), cancel: t('cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () =>
          remove.mutate(node.id, {
            onSuccess: (r) => notifications.show({ color: 'green', message: r.message }),
            // 409 (people still have it) is toasted by the http client; 400 and 403 carry their reason here.
            onError: (e) => {
              if (e instanceof HttpError && (e.status === 400 || e.status === 403)) notifications.show({ color: 'red', message: joinErrors(e.fieldErrors) || e.message, style: { whiteSpace: 'pre-line' } });
            },
          }),
      });
    }
  };

  return (
    <PageLayout
      title={t('title')}
      actions={
        <>
          <Button variant="default" component={Link} to="/olduser-types">{t('flat_view')}</Button>
          <Button component={Link} to="/add-user-type" leftSection={<IconPlus size={16} aria-hidden />}>{t('add')}</Button>
        </>
      }
    >
      <Group justify="space-between" wrap="wrap">
        <TextInput placeholder={t('search')} aria-label={t('search')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={280} />
        {tree.data ? <Text size="sm" c="dimmed">{t('total', { types: tree.data.length ? countTypes(tree.data) : 0, people: total })}</Text> : null}
      </Group>
      <Card withBorder padding={0}>
        {tree.isLoading ? (
          <Center py="xl"><Loader /></Center>
        ) : tree.isError ? (
          <Text c="red" p="lg">{t('load_failed')}</Text>
        ) : shown.length === 0 ? (
          <Text c="dimmed" ta="center" p="xl">{search ? t('no_match') : t('empty')}</Text>
        ) : (
          <div role="tree" aria-label={t('title')}>
            {shown.map((n) => <UserTypeNodeRow key={n.id} node={n} collapsed={search ? new Set() : collapsed} onToggle={toggle} onAction={onAction} />)}
          </div>
        )}
      </Card>
      {dialog?.kind === 'move' ? <MoveUserTypeModal node={dialog.node} tree={tree.data ?? []} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'qr' ? <UserTypeQrModal node={dialog.node} onClose={() => setDialog(null)} /> : null}
    </PageLayout>
  );
}

const countTypes = (nodes: UserTypeNode[]): number => nodes.reduce((n, x) => n + 1 + countTypes(x.children ?? []), 0);
