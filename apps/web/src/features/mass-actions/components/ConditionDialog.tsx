import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { COMPLIANCE_NOTES_MIN, type MassUser } from '@gatehouse/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConditionQuestions } from '../../../components/ConditionQuestions';
import { type ConditionAnswers, conditionAnswered, conditionNotesEnough, dueCondition, wrongAnswers } from '../mass-answers';

const EMPTY: ConditionAnswers = { answers: {}, notes: '', agreed: false };

/**
 * The person's due entry condition answered at the front desk (rules 205, 210-211, 214): each question yes or no,
 * notes of at least 20 characters when an answer is not the one that passes, the agreement and the statement. The
 * answers go with the person's sign-in when the mass action applies; the sign-in judges them.
 */
export function ConditionDialog({ user, value, opened, onClose, onSave }: { user: MassUser; value: ConditionAnswers | undefined; opened: boolean; onClose: () => void; onSave: (a: ConditionAnswers | undefined) => void }) {
  const { t } = useTranslation('mass');
  const condition = dueCondition(user);
  const [draft, setDraft] = useState<ConditionAnswers>(value ?? EMPTY);
  const [tried, setTried] = useState(false);
  if (!condition) return null;
  const wrong = wrongAnswers(condition, draft);
  const complete = conditionAnswered(condition, draft);
  const notesMissing = wrong.length > 0 && !conditionNotesEnough(draft.notes);
  const save = () => {
    setTried(true);
    if (!complete || notesMissing) return;
    onSave({ ...draft, notes: draft.notes.trim() });
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('condition.title', { condition: condition.name, name: user.full_name })} size="lg" data-testid="mass-condition-dialog">
      <Stack gap="sm">
        <ConditionQuestions
          questions={condition.form_metadata.questions}
          answers={draft.answers}
          onAnswers={(answers) => setDraft({ ...draft, answers })}
          required
          wrong={(id) => (wrong.some((q) => q.id === id) ? t('condition.wrong') : tried && !draft.answers[id] ? t('condition.answer_each') : undefined)}
        />
        <Textarea
          label={t('condition.notes')}
          description={t('condition.notes_hint', { min: COMPLIANCE_NOTES_MIN })}
          required={wrong.length > 0}
          rows={3}
          maxLength={1000}
          value={draft.notes}
          onChange={(e) => setDraft({ ...draft, notes: e.currentTarget.value })}
          error={notesMissing ? t('condition.notes_needed', { min: COMPLIANCE_NOTES_MIN, count: draft.notes.trim().length }) : undefined}
        />
        {condition.form_metadata.agreement_text ? <Text size="sm">{condition.form_metadata.agreement_text}</Text> : null}
        <Checkbox
          label={condition.form_metadata.statement || t('condition.agree')}
          checked={draft.agreed}
          onChange={(e) => setDraft({ ...draft, agreed: e.currentTarget.checked })}
          error={tried && !draft.agreed ? t('condition.agree_needed') : undefined}
        />
        {wrong.length && !notesMissing ? (
          <Alert color="teal" variant="light">
            {t('condition.excused')}
          </Alert>
        ) : null}
        <Group justify="space-between">
          {value ? (
            <Button
              variant="subtle"
              color="red"
              onClick={() => {
                onSave(undefined);
                onClose();
              }}
            >
              {t('condition.clear')}
            </Button>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button onClick={save}>{t('condition.save')}</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
