import { COMPLIANCE_NOTES_MIN } from '@gatehouse/contract';
import { Alert, Button, Card, Center, Checkbox, Divider, Group, Image, Loader, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { type ConditionAnswerMap, ConditionQuestions } from '../../../components/ConditionQuestions';
import { BarePage } from '../../../components/PageLayout';
import { HttpError, joinErrors } from '../../../lib/http';
import { tMessage } from '../../../lib/i18n';
import { type OnlineCertificate, sendOnlineAnswers, useOnlineCompliance } from '../api/compliance';
import { CertificateInput } from '../components/CertificateInput';
import { CertificateSummary } from '../components/CertificateSummary';

/** Protocols whose QR codes the server reads (rule 206): NHS passes are EU DCCs, Excelsior Pass Plus is a SMART Health Card. */
const READABLE = ['eu_dcc', 'nhs', 'smart_health_card', 'nys_excelsior_plus'];

function CertificateResult({ certificate }: { certificate: OnlineCertificate }) {
  return (
    <Alert color={certificate.accepted ? 'green' : 'red'} data-testid="online-certificate-result">
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {certificate.message}
        </Text>
        <CertificateSummary certificate={certificate} />
      </Stack>
    </Alert>
  );
}

/**
 * /online-compliance/:id: a visitor answers the entry conditions from the link before arriving (rules 144-148,
 * 210-211), and may present a COVID certificate the server checks against the organisation's trust list.
 */
export default function OnlineCompliancePage() {
  const { id } = useParams();
  const { t, i18n } = useTranslation('compliance');
  const data = useOnlineCompliance(id);
  const [answers, setAnswers] = useState<ConditionAnswerMap>({});
  const [notes, setNotes] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [certificate, setCertificate] = useState('');
  const [result, setResult] = useState<{ status: 'success' | 'failed'; message: string; certificate: OnlineCertificate | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [certificateError, setCertificateError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  if (!id || data.isError) {
    return (
      <BarePage>
        <Alert color="red" data-testid="online-compliance-expired">
          {tMessage('link.compliance.generic')}
        </Alert>
      </BarePage>
    );
  }
  if (!data.data) {
    return (
      <Center mih="100vh">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  const d = data.data;
  if (d.is_expired || !d.compliances.length) {
    return (
      <BarePage>
        <Alert color="orange" data-testid="online-compliance-expired">
          {d.message ?? tMessage('link.compliance.generic')}
        </Alert>
      </BarePage>
    );
  }
  const c = d.compliances[0];
  const complete = c.questions.every((q) => answers[q.id]) && agreed;
  const visitAt = d.expectedDateTime;
  const readable = c.protocols.filter((p) => READABLE.includes(p));

  const submit = async () => {
    setSending(true);
    setError(null);
    setCertificateError(null);
    try {
      const r = await sendOnlineAnswers({
        visitCode: id,
        compliances: [{ complianceId: c.id, answer: c.questions.map((q) => ({ question_id: q.id, answer: answers[q.id] })) }],
        notes: notes.trim() || null,
        certificate: certificate.trim() || null,
      });
      setResult({ status: r.data.status, message: r.message, certificate: r.data.certificate });
    } catch (e) {
      if (e instanceof HttpError && e.fieldErrors.certificate) {
        setCertificateError(e.fieldErrors.certificate.join(' '));
        setError(joinErrors(Object.fromEntries(Object.entries(e.fieldErrors).filter(([k]) => k !== 'certificate'))) || null);
      } else setError(e instanceof HttpError ? joinErrors(e.fieldErrors) || e.message : t('error'));
    } finally {
      setSending(false);
    }
  };

  return (
    <BarePage width={640}>
      <Card withBorder padding="lg">
        <Stack>
          <Group gap="sm" wrap="nowrap">
            {d.entity.logo ? <Image src={d.entity.logo} alt="" h={40} w="auto" maw={160} fit="contain" /> : null}
            <Title order={3}>{d.entity.name}</Title>
          </Group>
          <Text>{t('online_intro', { name: d.user.first_name })}</Text>
          {visitAt ? (
            <Text size="sm" c="dimmed">
              {t('online_visit_at', { date: new Date(visitAt).toLocaleString(i18n.language, { dateStyle: 'full', timeStyle: 'short' }) })}
            </Text>
          ) : null}
          <Title order={4}>{c.name}</Title>
          {result?.status === 'success' ? (
            <>
              <Alert color="green" icon={<IconCircleCheck size={20} />} data-testid="online-compliance-result">
                {result.message}
              </Alert>
              {result.certificate ? <CertificateResult certificate={result.certificate} /> : null}
            </>
          ) : (
            <>
              <ConditionQuestions questions={c.questions} answers={answers} onAnswers={setAnswers} required />
              {readable.length ? (
                <Stack gap="xs">
                  <Divider />
                  <Title order={5}>{t('certificate_title')}</Title>
                  <Text size="sm">
                    {t('certificate_intro', { protocols: readable.map((p) => t(`protocol_${p}`)).join(', ') })}{' '}
                    {c.accept_negative_pcr ? t('certificate_pcr', { count: c.pcr_valid_days }) : t('certificate_pcr_not_accepted')}
                  </Text>
                  <CertificateInput value={certificate} onChange={setCertificate} error={certificateError} />
                  {result?.certificate ? <CertificateResult certificate={result.certificate} /> : null}
                  <Divider />
                </Stack>
              ) : null}
              <Textarea
                label={t('notes')}
                description={t('notes_help')}
                value={notes}
                onChange={(e) => setNotes(e.currentTarget.value)}
                rows={3}
                maxLength={2000}
                error={result?.status === 'failed' && notes.trim().length < COMPLIANCE_NOTES_MIN ? t('notes_count', { count: notes.trim().length }) : undefined}
              />
              <Text size="sm">{c.agreement_text}</Text>
              <Checkbox label={`${c.statement} — ${t('agree')}`} checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} />
              {result?.status === 'failed' ? (
                <Alert color="red" icon={<IconAlertTriangle size={20} />} data-testid="online-compliance-result">
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {result.message}
                    </Text>
                    {result.certificate && !result.certificate.accepted ? null : <Text size="sm">{t('online_failed_hint')}</Text>}
                  </Stack>
                </Alert>
              ) : null}
              {error ? (
                <Alert color="red" style={{ whiteSpace: 'pre-line' }}>
                  {error}
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button onClick={submit} disabled={!complete} loading={sending} fullWidth={false}>
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
