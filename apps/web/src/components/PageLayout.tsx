import { Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Page frame: title, actions on the inline end (RTL-safe), content. */
export function PageLayout({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="md" maw={1400}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={2}>{title}</Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}

/** A centred card page for the pages without the console layout (login, expired links). */
export function BarePage({ children, width = 420 }: { children: ReactNode; width?: number }) {
  return (
    <Stack mih="100vh" justify="center" align="center" p="md" bg="gray.0">
      <Stack w="100%" maw={width}>
        {children}
      </Stack>
    </Stack>
  );
}
