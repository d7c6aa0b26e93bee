import type { EmergencyPerson } from '@gatehouse/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PersonStatus } from './PersonStatus';

export const WARDEN_ROW_HEIGHT = 84;

interface Props {
  p: EmergencyPerson;
  top: number;
  canMark: boolean;
  onMark: (p: EmergencyPerson, next: EmergencyPerson['status']) => void;
}

/**
 * One person on the wardens' phone list: name, where they are, their status and the one-tap mark. Drawn again only
 * when its person changes (a mark, a sign-out), not when another row of the 5,000 does.
 */
export const WardenRow = memo(function WardenRow({ p, top, canMark, onMark }: Props) {
  const { t } = useTranslation('emergency');
  return (
    <Group
      data-testid={`row-${p.user_id}`}
      justify="space-between"
      wrap="nowrap"
      style={{ position: 'absolute', insetInlineStart: 0, insetInlineEnd: 0, top, height: WARDEN_ROW_HEIGHT, borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      px={4}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} truncate>
          {p.first_name} {p.last_name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {[p.user_type, p.site_name, p.area_name, p.host_name].filter(Boolean).join(' · ')}
        </Text>
        <div>
          <PersonStatus p={p} />
        </div>
      </Stack>
      {canMark && p.presence === 'on_site' ? (
        p.status === 'safe' ? (
          <Button size="lg" variant="default" onClick={() => onMark(p, 'unaccounted')} aria-label={`${t('mark_unaccounted')}: ${p.first_name} ${p.last_name}`}>
            ↺
          </Button>
        ) : (
          <Button size="lg" color="green" miw={120} onClick={() => onMark(p, 'safe')} data-testid={`safe-${p.user_id}`} aria-label={`${t('mark_safe')}: ${p.first_name} ${p.last_name}`}>
            {t('mark_safe')}
          </Button>
        )
      ) : null}
    </Group>
  );
});
