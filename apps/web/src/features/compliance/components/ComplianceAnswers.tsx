import type { ComplianceAnswer } from '@gatehouse/contract';
import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconMailForward, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HttpError, joinErrors } from '../../../lib/http';
import { useComplianceAnswers, useResendCompliance } from '../api/compliance';

const when = (iso: string, lang: string) => new Date(iso).toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });

/** One stored answer: the version answered, each question with the answer given and the one that passes, notes and checks (rules 210-212). */
export function AnswerCard({ answer }: { answer: ComplianceAnswer }) {
  const { t, i18n } = useTranslation('compliance');
  const passed = answer.status === 'success';
  return (
    <Card withBorder padding="sm" data-testid={`answer-${answer.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Text fw={600}>{answer.compliance_name}</Text>
            <Badge variant="outline" size="sm">
              {t('version_n', { n: answer.version })}
            </Badge>
            <Badge color={passed ? 'green' : 'red'} leftSection={passed ? <IconCheck size={12} /> : <IconX size={12} />}>
              {passed ? t('status_success') : t('status_failed')}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {t(`source_${answer.source}`)} · {when(answer.created_at, i18n.language)}
          </Text>
        </Group>
        <Table withTableBorder verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="start">{t('question_col')}</Table.Th>
              <Table.Th ta="start">{t('answer_col')}</Table.Th>
              <Table.Th ta="start">{t('passes_with')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {answer.answers.map((a) => (
              <Table.Tr key={a.question_id} bg={a.wrong ? 'red.0' : undefined}>
                <Table.Td>{a.question}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {a.wrong ? <IconAlertTriangle size={14} color="var(--mantine-color-red-7)" aria-label={t('wrong_answer')} /> : null}
                    {a.answer === 'positive' ? t('answer_yes') : t('answer_no')}
                  </Group>
                </Table.Td>
                <Table.Td>{a.desired_answer === 'positive' ? t('answer_yes') : t('answer_no')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {answer.mask_failed || answer.temperature !== null ? (
          <Group gap="xs">
            {answer.mask_failed ? <Badge color="red" variant="light">{t('mask_failed')}</Badge> : null}
            {answer.temperature !== null ? (
              <Badge color={answer.temperature_failed ? 'red' : 'gray'} variant="light">
                {t('temperature_value', { value: answer.temperature })}
              </Badge>
            ) : null}
          </Group>
        ) : null}
        <Text size="sm" c={answer.notes ? undefined : 'dimmed'}>
          <Text span fw={500}>
            {t('notes')}:{' '}
          </Text>
          {answer.notes || t('no_notes')}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * A person's entry-condition answers, kept with the version they answered, for one visit (with whether the visit's
 * entry condition is still due, and re-sending its link by mail), one scan, or all. Other pages embed it.
 */
export function ComplianceAnswers({ userId, visitId, scanId, title }: { userId: number; visitId?: number | null; scanId?: number | null; title?: string }) {
  const { t, i18n } = useTranslation('compliance');
  const answers = useComplianceAnswers({ userId, visitId, scanId });
  const resend = useResendCompliance();
  const onResend = (id: number) =>
    resend.mutate(id, {
      onSuccess: (r) => notifications.show({ color: 'green', message: r.message }),
      onError: (e) => e instanceof HttpError && e.status === 400 && notifications.show({ color: 'red', message: joinErrors(e.fieldErrors) || e.message }),
    });

  if (answers.isLoading) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('loading')} />
      </Center>
    );
  }
  if (answers.isError || !answers.data) return <Alert color="red">{t('answers_failed')}</Alert>;
  const { data, required } = answers.data;
  return (
    <Stack gap="sm" data-testid="compliance-answers">
      <Group justify="space-between" wrap="wrap">
        <Title order={5}>{title ?? t('answers_title')}</Title>
        {visitId ? (
          <Button size="xs" variant="light" leftSection={<IconMailForward size={14} />} onClick={() => onResend(visitId)} loading={resend.isPending}>
            {t('resend')}
          </Button>
        ) : null}
      </Group>
      {required.map((r) => (
        <Alert key={r.id} color={r.due ? 'orange' : 'green'} variant="light">
          {r.due
            ? t('required_due', { name: r.name, frequency: t(`frequency_${r.frequency.replace(/[\s-]/g, '_')}`) })
            : t('required_passed', { name: r.name, date: r.last_passed_at ? when(r.last_passed_at, i18n.language) : '' })}
        </Alert>
      ))}
      {data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('no_answers')}
        </Text>
      ) : (
        [...data].reverse().map((a) => <AnswerCard key={a.id} answer={a} />)
      )}
    </Stack>
  );
}
