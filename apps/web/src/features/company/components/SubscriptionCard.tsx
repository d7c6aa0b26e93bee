import { Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Entity, PACKAGES, PLANS, SUBSCRIPTIONS } from '@gatehouse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useUpdateEntity } from '../api/company';

const PLAN_NAMES = Object.fromEntries(Object.entries(PLANS).map(([name, code]) => [code, name])) as Record<number, string>;

/** Package, subscription and plan (rules 3-5, 293): shown to everyone, changed only by the support account. */
export function SubscriptionCard({ entity }: { entity: Entity }) {
  const { t } = useTranslation('company');
  const { t: tc } = useTranslation('common');
  const support = useSession()?.user.is_support === 1;
  const [pkg, setPkg] = useState<string>(entity.package ?? 'Cloud');
  const [sub, setSub] = useState<string>(entity.subscription ?? 'cloud');
  const [plan, setPlan] = useState<string>(String(entity.plan ?? 1));
  const save = useUpdateEntity(entity.id);
  const planLabel = (code: number | null) => (code && PLAN_NAMES[code] ? t(`plan.${PLAN_NAMES[code]}`) : '—');
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={3}>{t('plan.title')}</Title>
        {support ? (
          <Stack maw={320} gap="sm">
            <Select label={t('plan.package')} data={PACKAGES.map((p) => ({ value: p, label: t(`plan.package_${p}`) }))} value={pkg} onChange={(v) => v && setPkg(v)} allowDeselect={false} />
            <Select label={t('plan.subscription')} data={SUBSCRIPTIONS.map((s) => ({ value: s, label: t(`plan.subscription_${s}`) }))} value={sub} onChange={(v) => v && setSub(v)} allowDeselect={false} />
            <Select label={t('plan.plan')} data={Object.entries(PLANS).map(([name, code]) => ({ value: String(code), label: t(`plan.${name}`) }))} value={plan} onChange={(v) => v && setPlan(v)} allowDeselect={false} />
            <Group>
              <Button
                loading={save.isPending}
                onClick={() =>
                  save.mutate(
                    { package: pkg as Entity['package'] & string, subscription: sub as 'cloud' | 'standalone', plan: Number(plan) },
                    { onSuccess: () => notifications.show({ color: 'green', message: tMessage('entity.updated') }) },
                  )
                }
              >
                {tc('save')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <>
            <Table variant="vertical" withTableBorder maw={440}>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={160}>{t('plan.package')}</Table.Th>
                  <Table.Td>{entity.package ? t(`plan.package_${entity.package}`) : '—'}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('plan.subscription')}</Table.Th>
                  <Table.Td>{entity.subscription ? t(`plan.subscription_${entity.subscription}`) : '—'}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>{t('plan.plan')}</Table.Th>
                  <Table.Td>{planLabel(entity.plan)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            <Text size="sm" c="dimmed">{t('plan.support_only')}</Text>
          </>
        )}
      </Stack>
    </Card>
  );
}
