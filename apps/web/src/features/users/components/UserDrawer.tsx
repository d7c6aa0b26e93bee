import { Alert, Center, Drawer, Loader, useDirection } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../../lib/http';
import { useUser } from '../api/users';
import { UserDetails } from './UserDetails';
import { UserForm } from './UserForm';

interface Props {
  /** `new`, a person's id, or null (closed). */
  param: string | null;
  edit: boolean;
  onOpen: (user: number | 'new' | null, edit?: boolean) => void;
}

/** The person's details (rule 185) or the user form (add and edit), in a drawer on the inline end of the grid. */
export function UserDrawer({ param, edit, onOpen }: Props) {
  const { t } = useTranslation('users');
  const { dir } = useDirection();
  const id = param && param !== 'new' ? Number(param) || null : null;
  const user = useUser(id);
  const isNew = param === 'new';
  const title = isNew ? t('form.add_title') : edit ? t('form.edit_title') : t('details.title');
  let body;
  if (isNew) body = <UserForm user={null} onSaved={(u) => onOpen(u.id)} onCancel={() => onOpen(null)} />;
  else if (user.isError) body = <Alert color="red">{user.error instanceof HttpError && user.error.status === 404 ? t('details.gone') : user.error.message}</Alert>;
  else if (!user.data) body = <Center py="xl"><Loader /></Center>;
  else if (edit) body = <UserForm key={user.data.id} user={user.data} onSaved={() => onOpen(user.data.id)} onCancel={() => onOpen(user.data.id)} />;
  else body = <UserDetails user={user.data} onEdit={() => onOpen(user.data.id, true)} onClose={() => onOpen(null)} />;
  return (
    <Drawer opened={!!param} onClose={() => onOpen(null)} position={dir === 'rtl' ? 'left' : 'right'} size="xl" title={title} closeButtonProps={{ 'aria-label': t('close') }}>
      {param ? body : null}
    </Drawer>
  );
}
