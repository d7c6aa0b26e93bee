import { Alert, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { COMPLIANCE_NOTES_MIN, type zPreRegCompliance } from '@gatehouse/contract';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { type ConditionAnswerMap, ConditionQuestions } from '../../../components/ConditionQuestions';

export type Answers = ConditionAnswerMap;

/** How long before the visit the link is mailed, in words of the reader's language ("2 hours", "2 horas"). */
function lead(lang: string, minutes: number) {
  const [n, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: 'long' }).format(n);
}

/**
 * The flow's entry condition (rules 210-212): yes/no questions, notes, the agreement and the statement. The
 * visitor answers now, or leaves them and receives the link by mail before the visit (rules 199-200); a wrong
 * answer needs notes of at least 20 characters, else the visit is marked as failing its conditions.
 */
export function EntryConditions({ condition, answers, onAnswers, notes, onNotes, error }: { condition: z.infer<typeof zPreRegCompliance>; answers: Answers; onAnswers: (a: Answers) => void; notes: string; onNotes: (n: string) => void; error?: string | null }) {
  const { t, i18n } = useTranslation('prereg');
  const started = Object.keys(answers).length > 0;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="entry-conditions">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('conditions_title', { name: condition.name })}
        </Title>
        <Text size="sm" c="dimmed">
          {condition.send_before_visit ? t('conditions_hint', { when: lead(i18n.language, condition.send_before_visit) }) : t('conditions_hint_now')}
        </Text>
        <ConditionQuestions questions={condition.questions} answers={answers} onAnswers={onAnswers} required={started} />
        {started ? (
          <Textarea label={t('conditions_notes')} description={t('conditions_notes_hint', { count: COMPLIANCE_NOTES_MIN })} value={notes} onChange={(e) => onNotes(e.currentTarget.value)} rows={3} maxLength={2000} />
        ) : null}
        <Text size="sm" dir="auto">
          {condition.agreement_text}
        </Text>
        <Text size="sm" fw={500} dir="auto">
          {condition.statement}
        </Text>
        {error ? <Alert color="red">{error}</Alert> : null}
      </Stack>
    </Paper>
  );
}

/** All questions answered, none, or some (an error: answer them all or none). */
export const answersState = (condition: { questions: { id: string }[] }, answers: Answers) => {
  const n = condition.questions.filter((q) => answers[q.id]).length;
  return n === 0 ? 'none' : n === condition.questions.length ? 'all' : 'some';
};
