import { Alert, Button, Card, Center, Group, Loader, Radio, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BarePage } from '../../../components/PageLayout';
import { HttpError } from '../../../lib/http';
import { sendOnlineAnswers, useOnlineCompliance } from '../api/compliance';

/** /online-compliance/:id: a visitor answers the entry conditions from the link before arriving (rules 144-148, 210-211). */
export default function OnlineCompliancePage() {
  const { id } = useParams();
  const { t } = useTranslation('compliance');
  const data = useOnlineCompliance(id);
  const [answers, setAnswers] = useState<Record<string, 'positive' | 'negative'>>({});
  const [notes, setNotes] = useState('');
  const [result, setResult] = useState<{ status: 'success' | 'failed'; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  if (!id || data.isError) {
    return (
      <BarePage>
        <Alert color="red">{t('link_expired')}</Alert>
      </BarePage>
    );
  }
  if (!data.data) {
    return (
      <Center mih="100vh">
        <Loader />
      </Center>
    );
  }
  const d = data.data;
  if (d.is_expired || !d.compliances.length) {
    return (
      <BarePage>
        <Alert color="orange">{d.message ?? t('link_expired')}</Alert>
      </BarePage>
    );
  }
  const c = d.compliances[0];
  const complete = c.questions.every((q) => answers[q.id]);

  const submit = async () => {
    setSending(true);
    setError(null);
    try {
      const r = await sendOnlineAnswers({ visitCode: id, compliances: [{ complianceId: c.id, answer: c.questions.map((q) => ({ question_id: q.id, answer: answers[q.id] })) }], notes: notes || null });
      setResult({ status: r.data.status, message: r.message });
    } catch (e) {
      setError(e instanceof HttpError ? e.message : t('error'));
    } finally {
      setSending(false);
    }
  };

  return (
    <BarePage width={640}>
      <Card withBorder>
        <Stack>
          <Title order={3}>{d.entity.name}</Title>
          <Text>{t('online_intro', { name: d.user.first_name })}</Text>
          <Title order={4}>{c.name}</Title>
          {result?.status === 'success' ? (
            <Alert color="green">{result.message}</Alert>
          ) : (
            <>
              {c.questions.map((q) => (
                <Radio.Group key={q.id} label={q.question} value={answers[q.id] ?? ''} onChange={(v) => setAnswers((a) => ({ ...a, [q.id]: v as 'positive' | 'negative' }))} required>
                  <Group mt="xs">
                    <Radio value="positive" label={t('answer_yes')} />
                    <Radio value="negative" label={t('answer_no')} />
                  </Group>
                </Radio.Group>
              ))}
              <Textarea label={t('notes')} description={t('notes_help')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} rows={3} maxLength={2000} />
              <Text size="sm">{c.agreement_text}</Text>
              <Text size="sm" fw={500}>
                {c.statement}
              </Text>
              {result?.status === 'failed' ? <Alert color="red">{result.message}</Alert> : null}
              {error ? <Alert color="red">{error}</Alert> : null}
              <Group justify="flex-end">
                <Button onClick={submit} disabled={!complete} loading={sending}>
                  {t('submit')}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Card>
    </BarePage>
  );
}
