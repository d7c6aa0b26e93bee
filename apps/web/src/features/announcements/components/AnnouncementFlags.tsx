import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The urgent, pinned and verbal marks of an announcement, as small badges. */
export function AnnouncementFlags({ a }: { a: { urgent: 0 | 1; pinned: 0 | 1; verbal: 0 | 1 } }) {
  const { t } = useTranslation('announcements');
  return (
    <Group gap={4} wrap="nowrap">
      {a.urgent ? <Badge size="xs" color="red">{t('flags.urgent')}</Badge> : null}
      {a.pinned ? <Badge size="xs" variant="light">{t('flags.pinned')}</Badge> : null}
      {a.verbal ? <Badge size="xs" variant="outline">{t('flags.verbal')}</Badge> : null}
    </Group>
  );
}
