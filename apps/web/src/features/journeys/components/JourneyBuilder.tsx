import { type Flow, temperatureThreshold } from '@gatehouse/contract';
import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Timeline, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconClipboardCheck, IconClock, IconForms, IconDeviceDesktop, IconKeyboard, IconMail, IconPencil, IconPlus, IconPrinter, IconTrash, IconUser, IconUserCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type JourneyWithFlows, useDeleteFlow } from '../api/journeys';
import { useAttendanceModeOptions, useSectionOptions } from '../api/options';

const OUTPUTS = ['print_badge', 'door_relay', 'wiegand_output', 'facial_recognition', 'rfid_scan'] as const;
export const frequencyKey = (f: string) => `frequency_${f.replace(/[\s-]/g, '_')}`;

interface Step {
  key: string;
  icon: ReactNode;
  on: boolean;
  detail: ReactNode;
}

/** The steps a visitor of this flow meets, in order: the journey's settings and the flow's own (either turns a check or output on). */
function stepsOf(journey: JourneyWithFlows, f: Flow, names: { modes: Map<number, string>; sections: Map<number, string> }, t: (k: string, o?: Record<string, unknown>) => string): Step[] {
  const modeId = f.attendance_mode_id ?? journey.attendance_mode_id;
  const sectionNames = f.section_ids.map((id) => names.sections.get(id)).filter(Boolean);
  const checks = [
    (f.temperature_check || journey.temperature_check) && t('temperature_at', { value: temperatureThreshold(journey.temperature_threshold) }),
    (f.mask_check || journey.mask_check) && t('mask_check'),
  ].filter(Boolean) as string[];
  const outputs = OUTPUTS.filter((k) => f[k] === 1 || journey[k] === 1).map((k) => t(k));
  const host = !f.host ? t('host_not_asked') : f.allow_no_host ? t('host_optional') : t('host_required');
  return [
    { key: 'user_type', icon: <IconUser size={14} />, on: true, detail: f.user_type_name ?? t('step_none') },
    { key: 'input_method', icon: <IconKeyboard size={14} />, on: true, detail: t(`input_${f.input_method}`) },
    { key: 'checks', icon: <IconCheck size={14} />, on: checks.length > 0, detail: checks.join(', ') || t('step_none') },
    {
      key: 'compliance',
      icon: <IconClipboardCheck size={14} />,
      on: !!f.compliance_id,
      detail: f.compliance_name ? `${f.compliance_name} · ${t(frequencyKey(f.compliance_frequency))}` : t('step_none'),
    },
    {
      key: 'section',
      icon: <IconForms size={14} />,
      on: f.section_ids.length > 0,
      detail: sectionNames.length === f.section_ids.length && sectionNames.length ? sectionNames.join(', ') : f.section_ids.length ? t('sections_count', { count: f.section_ids.length }) : t('step_none'),
    },
    { key: 'host', icon: <IconUserCheck size={14} />, on: f.host === 1, detail: host },
    { key: 'output', icon: <IconPrinter size={14} />, on: outputs.length > 0 || f.feedback === 1, detail: [...outputs, ...(f.feedback ? [t('feedback')] : [])].join(', ') || t('step_none') },
    { key: 'attendance_mode', icon: <IconClock size={14} />, on: !!modeId, detail: modeId ? (names.modes.get(modeId) ?? t('attendance_mode_set')) : t('step_none') },
    { key: 'notification', icon: <IconMail size={14} />, on: !!f.notification_emails, detail: f.notification_emails?.split(',').join(', ') || t('step_none') },
  ];
}

/** The journey as the steps a visitor will meet, one column per flow (user type), with add, edit and delete. */
export function JourneyBuilder({ journey }: { journey: JourneyWithFlows }) {
  const { t } = useTranslation('journeys');
  const del = useDeleteFlow();
  const modes = useAttendanceModeOptions();
  const sections = useSectionOptions();
  const names = { modes: new Map((modes.data ?? []).map((m) => [m.id, m.name])), sections: new Map((sections.data ?? []).map((x) => [x.id, x.name])) };
  const confirmDelete = (f: Flow) =>
    modals.openConfirmModal({
      title: t('delete_flow'),
      children: <Text size="sm">{t('delete_flow_confirm', { name: f.name })}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => del.mutate(f.id, { onSuccess: (r) => notifications.show({ color: 'green', message: r.message }) }),
    });

  return (
    <Card withBorder>
      <Stack>
        <Group justify="space-between">
          <div>
            <Title order={4}>{t('builder_title')}</Title>
            <Text size="sm" c="dimmed">
              {t('builder_help')}
            </Text>
          </div>
          <Button component={Link} to={`/add/journey/flow/${journey.id}`} leftSection={<IconPlus size={16} />}>
            {t('add_flow')}
          </Button>
        </Group>
        {journey.instruction_screen ? (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <ThemeIcon size={22} radius="xl" variant="light">
              <IconDeviceDesktop size={14} />
            </ThemeIcon>
            <Text size="sm">
              <Text span fw={500}>
                {t('step_instruction_screen')}:{' '}
              </Text>
              {journey.instruction_screen}
            </Text>
          </Group>
        ) : null}
        {journey.flows.length === 0 ? (
          <Text c="dimmed" data-testid="no-flows">
            {t('no_flows')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }}>
            {journey.flows.map((f) => (
              <Card key={f.id} withBorder padding="md" data-testid={`flow-${f.id}`} aria-label={f.name} component="section">
                <Group justify="space-between" wrap="nowrap" mb="sm">
                  <Stack gap={2}>
                    <Text fw={600} component={Link} to={`/update/journey/flow/${f.id}`}>
                      {f.name}
                    </Text>
                    {f.description ? (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {f.description}
                      </Text>
                    ) : null}
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t('edit_flow', { name: f.name })}>
                      <ActionIcon component={Link} to={`/update/journey/flow/${f.id}`} variant="subtle" aria-label={t('edit_flow', { name: f.name })}>
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('delete_flow_named', { name: f.name })}>
                      <ActionIcon variant="subtle" color="red" aria-label={t('delete_flow_named', { name: f.name })} onClick={() => confirmDelete(f)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
                <Timeline bulletSize={22} lineWidth={2} active={-1} styles={{ item: { marginTop: 12 } }}>
                  {stepsOf(journey, f, names, t).map((s) => (
                    <Timeline.Item
                      key={s.key}
                      bullet={
                        <ThemeIcon size={22} radius="xl" variant={s.on ? 'filled' : 'light'} color={s.on ? 'blue' : 'gray'}>
                          {s.icon}
                        </ThemeIcon>
                      }
                      title={
                        <Text size="sm" fw={500} c={s.on ? undefined : 'dimmed'}>
                          {s.on ? t(`step_${s.key}`) : t('step_off', { step: t(`step_${s.key}`) })}
                        </Text>
                      }
                    >
                      {s.on ? (
                        <Text size="xs" data-testid={`step-${f.id}-${s.key}`}>
                          {s.detail}
                        </Text>
                      ) : null}
                    </Timeline.Item>
                  ))}
                </Timeline>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Card>
  );
}
