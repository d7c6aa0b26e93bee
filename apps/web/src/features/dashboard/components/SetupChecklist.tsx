import type { SetupStep } from '@gatehouse/contract';
import { Button, Card, CloseButton, Group, List, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageAllowed } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { useSetupChecklist } from '../api/setup';

/** Where each step is done, and the permission that page needs. */
const PAGES: Record<SetupStep, { to: string; permission: string }> = {
  site: { to: '/sites', permission: 'sites_devices' },
  area: { to: '/sites', permission: 'sites_devices' },
  kiosk: { to: '/sites', permission: 'sites_devices' },
  journey: { to: '/journeys', permission: 'journeys' },
  link: { to: '/journeys', permission: 'journeys' },
};

const hiddenKey = (entityId: number) => `gatehouse.setup-hidden.${entityId}`;

/**
 * The first-run checklist (issue 15 part 4): site, area, kiosk, journey and link, each ticked from the organisation's
 * data. It leaves the dashboard once everything is done, or when the member hides it (remembered on this browser).
 */
export function SetupChecklist() {
  const { t } = useTranslation('dashboard');
  const session = useSession();
  const entityId = session?.entity?.id ?? 0;
  const [hidden, setHidden] = useState(() => entityId > 0 && localStorage.getItem(hiddenKey(entityId)) === '1');
  const checklist = useSetupChecklist(entityId, !hidden);
  const data = checklist.data;
  if (hidden || !data || data.complete) return null;
  const done = data.steps.filter((s) => s.done).length;
  const hide = () => {
    localStorage.setItem(hiddenKey(entityId), '1');
    setHidden(true);
  };
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="setup-title" data-testid="setup-checklist">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Title order={3} id="setup-title">
            {t('setup.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('setup.progress', { done, total: data.steps.length })}
          </Text>
        </Stack>
        <CloseButton aria-label={t('setup.hide')} title={t('setup.hide')} onClick={hide} />
      </Group>
      <Progress value={(done / data.steps.length) * 100} mt="sm" mb="md" aria-hidden />
      <List spacing="sm" center>
        {data.steps.map((step) => {
          const page = PAGES[step.key];
          const canOpen = pageAllowed(session?.permissions, page.permission);
          return (
            <List.Item
              key={step.key}
              data-testid={`setup-${step.key}`}
              data-done={step.done}
              icon={
                <ThemeIcon color={step.done ? 'teal' : 'gray'} variant={step.done ? 'filled' : 'light'} radius="xl" size={24}>
                  {step.done ? <IconCheck size={14} aria-hidden /> : <IconCircleDashed size={14} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Group gap="xs" wrap="nowrap">
                <Text fw={500} td={step.done ? 'line-through' : undefined}>
                  {t(`setup.${step.key}`)}
                </Text>
                <VisuallyHidden>{step.done ? t('setup.done') : t('setup.todo')}</VisuallyHidden>
                {!step.done && canOpen && (
                  <Button component={Link} to={page.to} size="compact-xs" variant="light" aria-label={`${t('setup.open')}: ${t(`setup.${step.key}`)}`}>
                    {t('setup.open')}
                  </Button>
                )}
              </Group>
              {!step.done && (
                <Text size="sm" c="dimmed">
                  {t(`setup.${step.key}_hint`)}
                </Text>
              )}
            </List.Item>
          );
        })}
      </List>
    </Card>
  );
}
