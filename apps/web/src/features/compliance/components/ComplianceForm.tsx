import { COMPLIANCE_PROTOCOLS, type ComplianceDetail, zComplianceBody } from '@gatehouse/contract';
import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, Switch, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NumberField } from '../../../components/fields';
import { TranslationsField } from '../../../components/TranslationsField';
import { useZodForm } from '../../../components/form';
import { tMessage } from '../../../lib/i18n';
import { useSaveCompliance } from '../api/compliance';
import { type QuestionErrors, type QuestionValue, QuestionsField } from './QuestionsField';

type Protocol = (typeof COMPLIANCE_PROTOCOLS)[number];

/** Per-question messages of rule 208 (the form's own errors keep one message per field). */
function questionErrors(values: unknown): QuestionErrors {
  const parsed = zComplianceBody.safeParse(values);
  const out: QuestionErrors = {};
  if (parsed.success) return out;
  for (const issue of parsed.error.issues) {
    const [field, index, key] = issue.path;
    if (field !== 'questions' || typeof index !== 'number' || (key !== 'question' && key !== 'desired_answer')) continue;
    out[index] = { ...out[index], [key]: out[index]?.[key] ?? tMessage(issue.message) };
  }
  return out;
}

/** Which version is current, that saving makes a new one, and what each version kept. */
function Versions({ compliance }: { compliance: ComplianceDetail }) {
  const { t, i18n } = useTranslation('compliance');
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group gap="xs">
          <IconHistory size={18} aria-hidden />
          <Title order={5}>{t('versions')}</Title>
        </Group>
        <Alert variant="light" data-testid="current-version">
          {t('version_current', { n: compliance.version, next: compliance.version + 1 })}
        </Alert>
        <Table verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th ta="start">{t('version')}</Table.Th>
              <Table.Th ta="start">{t('name')}</Table.Th>
              <Table.Th ta="start">{t('saved_at')}</Table.Th>
              <Table.Th ta="start">{t('answers_count')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {compliance.versions.map((v) => (
              <Table.Tr key={v.version} fw={v.version === compliance.version ? 600 : undefined}>
                <Table.Td>{v.version === compliance.version ? t('version_n_current', { n: v.version }) : t('version_n', { n: v.version })}</Table.Td>
                <Table.Td>{v.name}</Table.Td>
                <Table.Td>{new Date(v.created_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Td>
                <Table.Td>{v.answers_count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}

/** An entry condition (rules 205-209); saving an edit makes a new version and earlier answers keep theirs. */
export function ComplianceForm({ compliance }: { compliance: ComplianceDetail | null }) {
  const { t } = useTranslation('compliance');
  const navigate = useNavigate();
  const save = useSaveCompliance(compliance?.id ?? null);
  const [qErrors, setQErrors] = useState<QuestionErrors>({});
  const form = useZodForm(zComplianceBody, {
    name: compliance?.name ?? '',
    name_i18n: compliance?.name_i18n ?? {},
    questions: compliance?.questions ?? [{ question: '' } as never],
    agreement_text: compliance?.agreement_text ?? '',
    agreement_text_i18n: compliance?.agreement_text_i18n ?? {},
    statement: compliance?.statement ?? '',
    statement_i18n: compliance?.statement_i18n ?? {},
    asks_certificate: compliance ? compliance.asks_certificate === 1 : true,
    protocols: (compliance?.protocols ?? []) as Protocol[],
    accept_negative_pcr: compliance ? compliance.accept_negative_pcr === 1 : false,
    pcr_valid_days: compliance?.asks_certificate ? String(compliance.pcr_valid_days) : '',
  });
  const v = form.values;
  const asks = v.asks_certificate !== false;
  const questions = (v.questions ?? []) as QuestionValue[];

  const submit = () => {
    const body = form.validate();
    setQErrors(questionErrors(form.values));
    if (!body) return;
    save.mutate(
      { ...body, accept_negative_pcr: body.accept_negative_pcr ? 1 : 0 },
      {
        onSuccess: (r) => {
          notifications.show({ color: 'green', message: r.message });
          navigate('/compliances');
        },
        onError: (e) => form.applyServerError(e),
      },
    );
  };

  const listError = form.errors.questions && !Object.keys(qErrors).length ? form.errors.questions : undefined;
  return (
    <Stack>
      {compliance ? <Versions compliance={compliance} /> : null}
      <Card withBorder>
        <Stack>
          <Stack gap={4}>
            <TextInput label={t('name')} required maw={520} {...form.input('name')} />
            <TranslationsField label={t('name')} value={v.name_i18n} onChange={(x) => form.setField('name_i18n', x)} />
          </Stack>
          <Title order={5}>{t('questions')}</Title>
          <QuestionsField
            value={questions}
            onChange={(q) => {
              form.setField('questions', q as never);
              setQErrors({});
            }}
            errors={qErrors}
            error={listError}
          />
          <Stack gap={4}>
            <Textarea label={t('agreement_text')} required autosize minRows={2} {...form.input('agreement_text')} />
            <TranslationsField label={t('agreement_text')} value={v.agreement_text_i18n} onChange={(x) => form.setField('agreement_text_i18n', x)} multiline />
          </Stack>
          <Stack gap={4}>
            <Textarea label={t('statement')} required autosize minRows={2} {...form.input('statement')} />
            <TranslationsField label={t('statement')} value={v.statement_i18n} onChange={(x) => form.setField('statement_i18n', x)} multiline />
          </Stack>
          <Switch
            label={t('asks_certificate')}
            description={t('asks_certificate_help')}
            checked={asks}
            onChange={(e) => form.setField('asks_certificate', e.currentTarget.checked)}
            data-testid="asks-certificate"
          />
          {asks ? (
            <>
          <Checkbox.Group label={t('protocols')} description={t('protocols_help')} required value={(v.protocols ?? []) as string[]} onChange={(p) => form.setField('protocols', p as Protocol[])} error={form.errors.protocols}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs" spacing="xs">
              {COMPLIANCE_PROTOCOLS.map((p) => (
                <Checkbox key={p} value={p} label={t(`protocol_${p}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Switch label={t('accept_negative_pcr')} checked={!!v.accept_negative_pcr} onChange={(e) => form.setField('accept_negative_pcr', e.currentTarget.checked)} />
          <NumberField
            label={t('pcr_valid_days')}
            description={t('pcr_valid_days_help')}
            required
            maxLength={3}
            maw={220}
            value={String(v.pcr_valid_days ?? '')}
            onChange={(d) => form.setField('pcr_valid_days', d)}
            error={form.errors.pcr_valid_days}
            name="pcr_valid_days"
          />
            </>
          ) : null}
          {form.formError ? (
            <Alert color="red" style={{ whiteSpace: 'pre-line' }}>
              {form.formError}
            </Alert>
          ) : null}
          {compliance ? (
            <Text size="sm" c="dimmed">
              {t('save_new_version', { next: compliance.version + 1 })}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to="/compliances">
              {t('cancel')}
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
