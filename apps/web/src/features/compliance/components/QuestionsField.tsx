import { ActionIcon, Button, Card, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { Translations } from '@gatehouse/contract';
import { useTranslation } from 'react-i18next';
import { TranslationsField } from '../../../components/TranslationsField';

export interface QuestionValue {
  /** Kept across versions so answers of one version line up with the next. */
  id?: string;
  question: string;
  question_i18n?: Translations;
  desired_answer?: 'positive' | 'negative';
}
export type QuestionErrors = Record<number, { question?: string; desired_answer?: string }>;

/** The questions of an entry condition, each with the answer that passes (rules 205, 208). */
export function QuestionsField({ value, onChange, errors, error }: { value: QuestionValue[]; onChange: (q: QuestionValue[]) => void; errors: QuestionErrors; error?: string }) {
  const { t } = useTranslation('compliance');
  const patch = (i: number, p: Partial<QuestionValue>) => onChange(value.map((q, j) => (j === i ? { ...q, ...p } : q)));
  return (
    <Stack gap="sm">
      {value.map((q, i) => (
        <Card key={q.id ?? `new-${i}`} withBorder padding="sm" data-testid={`question-${i + 1}`}>
          <Group align="flex-start" wrap="nowrap">
            <Stack gap="xs" style={{ flex: 1 }}>
              <TextInput label={t('question', { n: i + 1 })} required value={q.question} onChange={(e) => patch(i, { question: e.currentTarget.value })} error={errors[i]?.question} />
              <TranslationsField label={t('question', { n: i + 1 })} value={q.question_i18n} onChange={(question_i18n) => patch(i, { question_i18n })} />
              <Radio.Group
                label={t('desired_answer')}
                description={t('desired_answer_help')}
                required
                value={q.desired_answer ?? ''}
                onChange={(v) => patch(i, { desired_answer: v as 'positive' | 'negative' })}
                error={errors[i]?.desired_answer}
              >
                <Group mt={4}>
                  <Radio value="positive" label={t('desired_positive')} />
                  <Radio value="negative" label={t('desired_negative')} />
                </Group>
              </Radio.Group>
            </Stack>
            <ActionIcon variant="subtle" color="red" mt={24} aria-label={t('remove_question_n', { n: i + 1 })} disabled={value.length === 1} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Card>
      ))}
      {error ? (
        <Text size="sm" c="red">
          {error}
        </Text>
      ) : null}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onChange([...value, { question: '' }])}>
          {t('add_question')}
        </Button>
      </Group>
    </Stack>
  );
}
