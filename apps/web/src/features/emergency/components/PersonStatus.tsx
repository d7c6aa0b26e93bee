import type { EmergencyPerson } from '@gatehouse/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export const STATUS_COLOR: Record<EmergencyPerson['status'], string> = { unaccounted: 'orange', safe: 'green', needs_help: 'red', not_on_site: 'gray' };

/** A person's status, with "signed out" and "arrived during the session" marks. */
export function PersonStatus({ p }: { p: EmergencyPerson }) {
  const { t } = useTranslation('emergency');
  return (
    <>
      <Badge color={STATUS_COLOR[p.status]} data-testid={`status-${p.user_id}`}>
        {t(`status.${p.status}`)}
        {p.muster_point_name ? ` · ${p.muster_point_name}` : ''}
      </Badge>
      {p.presence === 'left' ? (
        <Badge color="gray" variant="outline" ms={4}>
          {t('left_badge')}
        </Badge>
      ) : p.joined_at ? (
        <Badge color="blue" variant="outline" ms={4}>
          {t('joined')}
        </Badge>
      ) : null}
    </>
  );
}
