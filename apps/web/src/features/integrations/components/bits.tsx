import { Badge } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { HttpError, joinErrors } from '../../../lib/http';
import { i18n } from '../../../lib/i18n';
import type { Integration } from '../api/integrations';

const STATUS_COLOURS: Record<Integration['status'], string> = { draft: 'gray', active: 'teal', active_with_errors: 'orange', auth_failed: 'red', inactive: 'gray', invalid: 'red' };

/** An integration's status (rule 268) as a coloured badge. */
export function StatusBadge({ status }: { status: Integration['status'] }) {
  const { t } = useTranslation('integrations');
  return (
    <Badge color={STATUS_COLOURS[status]} variant="light">
      {t(`state.${status}`)}
    </Badge>
  );
}

/** What a failed call says: its field messages joined, else its message. */
export const errorText = (e: unknown) => (e instanceof HttpError ? joinErrors(e.body.errors) || e.message : String(e));
export const fieldsOf = (e: unknown): Record<string, string> => (e instanceof HttpError ? Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, v.join('\n')])) : {});
const closeButtonProps = () => ({ 'aria-label': i18n.t('integrations:close') });
export const toast = (message: string) => notifications.show({ message, color: 'teal', closeButtonProps: closeButtonProps() });
export const failToast = (e: unknown) => notifications.show({ message: errorText(e), color: 'red', closeButtonProps: closeButtonProps() });
