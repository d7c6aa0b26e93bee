import { Group, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageMenu } from '../../../app/shell/LanguageMenu';

/** The phone-sized frame of the visitor's pages: organisation name, language choice, one card. */
export function VisitorFrame({ heading, children }: { heading?: string; children: ReactNode }) {
  return (
    <Stack mih="100vh" align="center" p="sm" bg="gray.0">
      <Stack w="100%" maw={480} gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} truncate>
            {heading ?? ''}
          </Text>
          <LanguageMenu variant="light" />
        </Group>
        <Paper withBorder radius="md" p="md">
          {children}
        </Paper>
      </Stack>
    </Stack>
  );
}
