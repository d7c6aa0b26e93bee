import { Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Entity } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tMessage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { type Role, rolesQuery, useUpdateEntity } from '../api/company';

/**
 * Two-step authentication per role (rules 83, 293): the roles in `otp_roles` must use it. The roles come from
 * GET /api/roles/{entityId}; while that call is not there, the roles already known (the signed-in user's role and
 * those already in otp_roles) are offered.
 */
export function TwoStepRolesCard({ entity }: { entity: Entity }) {
  const { t } = useTranslation('company');
  const { t: tc } = useTranslation('common');
  const session = useSession();
  const roles = useQuery(rolesQuery(entity.id));
  const [chosen, setChosen] = useState<string[]>(entity.otp_roles.map(String));
  const save = useUpdateEntity(entity.id);
  const known: Role[] = roles.data ?? [
    ...(session?.role ? [session.role] : []),
    ...entity.otp_roles.filter((id) => id !== session?.role?.id).map((id) => ({ id, name: t('otp.role_id', { id }) })),
  ];
  const dirty = [...chosen].sort().join() !== entity.otp_roles.map(String).sort().join();
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={3}>{t('otp.title')}</Title>
        <Text size="sm" c="dimmed">{t('otp.text')}</Text>
        <Checkbox.Group value={chosen} onChange={setChosen}>
          <Stack gap="xs">
            {known.map((r) => (
              <Checkbox key={r.id} value={String(r.id)} label={r.name} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Group>
          <Button
            disabled={!dirty}
            loading={save.isPending}
            onClick={() => save.mutate({ otp_roles: chosen.map(Number) }, { onSuccess: () => notifications.show({ color: 'green', message: tMessage('entity.updated') }) })}
          >
            {tc('save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
