import { Button, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Shared frame of the status pages. */
export function StatusPage({ code, title, text, action, testId }: { code?: string; title: string; text: ReactNode; action?: ReactNode; testId: string }) {
  return (
    <Center mih="60vh" p="md" data-testid={testId}>
      <Stack align="center" maw={520} gap="sm">
        {code ? (
          <Text fz={64} fw={800} c="dimmed" lh={1}>
            {code}
          </Text>
        ) : null}
        <Title order={2} ta="center">
          {title}
        </Title>
        <Text ta="center" c="dimmed">
          {text}
        </Text>
        {action}
      </Stack>
    </Center>
  );
}

export function HomeButton({ label }: { label: string }) {
  return (
    <Button component="a" href="/" mt="sm">
      {label}
    </Button>
  );
}
