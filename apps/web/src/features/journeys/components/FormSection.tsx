import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One titled part of a long form (journey, flow), with an optional line of help under the title. */
export function FormSection({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Card withBorder component="section">
      <Stack gap="sm">
        <div>
          <Title order={4}>{title}</Title>
          {help ? (
            <Text size="sm" c="dimmed">
              {help}
            </Text>
          ) : null}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
