import { COMPLIANCE_PROTOCOLS, type Compliance, zComplianceBody } from '@gatehouse/contract';
import { ActionIcon, Alert, Button, Card, Center, Checkbox, Group, Loader, SegmentedControl, Stack, Switch, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useZodForm } from '../../../components/form';
import { useCompliance, useDeleteCompliance, useSaveCompliance } from '../api/compliance';

type Question = { id?: string; question: string; desired_answer?: 'positive' | 'negative' };

/** /compliance-new and /compliance/update/:id: an entry condition (rules 205-209); saving an edit makes a new version. */
export default function ComplianceFormPage() {
  const { id } = useParams();
  const complianceId = id ? Number(id) : null;
  const compliance = useCompliance(complianceId);
  const { t } = useTranslation('compliance');
  if (complianceId && !compliance.data) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  return (
    <PageLayout title={complianceId ? t('edit_title') : t('add_title')}>
      <ComplianceForm key={compliance.data?.id ?? 'new'} compliance={compliance.data ?? null} />
    </PageLayout>
  );
}

function ComplianceForm({ compliance }: { compliance: Compliance | null }) {
  const { t } = useTranslation('compliance');
  const navigate = useNavigate();
  const save = useSaveCompliance(compliance?.id ?? null);
  const del = useDeleteCompliance();
  const form = useZodForm(zComplianceBody, {
    name: compliance?.name ?? '',
    questions: compliance?.questions ?? [{ question: '', desired_answer: undefined as never }],
    agreement_text: compliance?.agreement_text ?? '',
    statement: compliance?.statement ?? '',
    protocols: (compliance?.protocols ?? []) as (typeof COMPLIANCE_PROTOCOLS)[number][],
    accept_negative_pcr: compliance ? compliance.accept_negative_pcr === 1 : false,
    pcr_valid_days: compliance ? String(compliance.pcr_valid_days) : '',
  });
  const questions = (form.values.questions ?? []) as Question[];
  const setQuestion = (i: number, patch: Partial<Question>) => form.setField('questions', questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) as never);

  const submit = () => {
    const body = form.validate();
    if (!body) return;
    save.mutate(body, {
      onSuccess: (r) => {
        notifications.show({ color: 'green', message: r.message });
        navigate('/compliances');
      },
      onError: (e) => form.applyServerError(e),
    });
  };

  return (
    <Card withBorder>
      <Stack>
        <TextInput label={t('name')} required {...form.input('name')} />
        <Title order={5}>{t('questions')}</Title>
        {questions.map((q, i) => (
          <Group key={q.id ?? i} align="flex-end" wrap="nowrap">
            <TextInput style={{ flex: 1 }} label={t('question', { n: i + 1 })} value={q.question} onChange={(e) => setQuestion(i, { question: e.currentTarget.value })} required />
            <Stack gap={2}>
              <SegmentedControl
                value={q.desired_answer ?? ''}
                onChange={(v) => setQuestion(i, { desired_answer: v as 'positive' | 'negative' })}
                data={[
                  { value: 'positive', label: t('desired_positive') },
                  { value: 'negative', label: t('desired_negative') },
                ]}
              />
            </Stack>
            <ActionIcon variant="subtle" color="red" aria-label={t('remove_question')} disabled={questions.length === 1} onClick={() => form.setField('questions', questions.filter((_, j) => j !== i) as never)}>
              ×
            </ActionIcon>
          </Group>
        ))}
        {form.errors.questions ? <Alert color="red">{form.errors.questions}</Alert> : null}
        <Group>
          <Button variant="light" onClick={() => form.setField('questions', [...questions, { question: '' }] as never)}>
            {t('add_question')}
          </Button>
        </Group>
        <Textarea label={t('agreement_text')} required autosize minRows={2} {...form.input('agreement_text')} />
        <Textarea label={t('statement')} required autosize minRows={2} {...form.input('statement')} />
        <Checkbox.Group label={t('protocols')} value={(form.values.protocols ?? []) as string[]} onChange={(v) => form.setField('protocols', v as never)} error={form.errors.protocols}>
          <Group mt="xs">
            {COMPLIANCE_PROTOCOLS.map((p) => (
              <Checkbox key={p} value={p} label={t(`protocol_${p}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Switch label={t('accept_negative_pcr')} checked={!!form.values.accept_negative_pcr} onChange={(e) => form.setField('accept_negative_pcr', e.currentTarget.checked)} />
        <TextInput label={t('pcr_valid_days')} required inputMode="numeric" maxLength={3} maw={200} {...form.input('pcr_valid_days')} />
        {form.formError ? <Alert color="red" style={{ whiteSpace: 'pre-line' }}>{form.formError}</Alert> : null}
        <Group justify="space-between">
          {compliance ? (
            <Button
              variant="default"
              color="red"
              onClick={() =>
                window.confirm(t('delete_confirm')) &&
                del.mutate(compliance.id, {
                  onSuccess: (r) => {
                    notifications.show({ color: 'green', message: r.message });
                    navigate('/compliances');
                  },
                })
              }
            >
              {t('delete')}
            </Button>
          ) : (
            <span />
          )}
          <Group>
            <Button variant="default" component={Link} to="/compliances">
              {t('cancel')}
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
