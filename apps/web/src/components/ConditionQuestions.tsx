import { Group, Radio } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type ConditionAnswerValue = 'positive' | 'negative';
export type ConditionAnswerMap = Record<string, ConditionAnswerValue>;

/**
 * An entry condition's yes/no questions (rules 205, 214), one radio group each, as every console and visitor page
 * asks them (pre-registration, the online link, the front desk's mass sign-in). The kiosk has its own touch-first
 * buttons and no Mantine, to keep its bundle small. `wrong` marks an answer that is not the passing one, for the
 * pages that may know it.
 */
export function ConditionQuestions({
  questions,
  answers,
  onAnswers,
  required,
  wrong,
}: {
  questions: { id: string; question: string }[];
  answers: ConditionAnswerMap;
  onAnswers: (a: ConditionAnswerMap) => void;
  required?: boolean;
  wrong?: (questionId: string) => string | undefined;
}) {
  const { t } = useTranslation('common');
  return (
    <>
      {questions.map((q) => (
        <Radio.Group key={q.id} label={<span dir="auto">{q.question}</span>} value={answers[q.id] ?? ''} onChange={(v) => onAnswers({ ...answers, [q.id]: v as ConditionAnswerValue })} required={required} error={wrong?.(q.id)}>
          <Group mt={4}>
            <Radio value="positive" label={t('yes')} />
            <Radio value="negative" label={t('no')} />
          </Group>
        </Radio.Group>
      ))}
    </>
  );
}
