import { Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LanguageMenu } from '../../../components/LanguageMenu';

/** The phone-sized frame of the visitor's pages: the organisation's logo and name, the language choice, one card. */
export function VisitorFrame({ heading, logo, children }: { heading?: string; logo?: string | null; children: ReactNode }) {
  return (
    <Stack mih="100vh" align="center" p="sm" bg="gray.0">
      <Stack w="100%" maw={480} gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {logo ? <Image src={logo} alt="" h={32} w="auto" fit="contain" /> : null}
            <Text fw={700} truncate>
              {heading ?? ''}
            </Text>
          </Group>
          <LanguageMenu variant="light" />
        </Group>
        <Paper withBorder radius="md" p="md">
          {children}
        </Paper>
      </Stack>
    </Stack>
  );
}
