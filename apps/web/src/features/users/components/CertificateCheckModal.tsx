import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CertificateInput, CertificateSummary } from '../../compliance';
import { useComplianceOptions } from '../../journeys/api/options';
import { HttpError, joinErrors } from '../../../lib/http';
import { type CertificateCheck, useCheckCertificate } from '../api/documents';
import type { UserFull } from '../api/users';

/**
 * "Check a certificate" on a person's records: the QR text (scanned, read from a picture or pasted) is checked
 * against the organisation's trusted issuers, optionally with an entry condition's PCR valid days; the result says
 * whether the issuer is trusted, the status and the dates.
 */
export function CertificateCheckModal({ user, onClose }: { user: UserFull; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const conditions = useComplianceOptions();
  const check = useCheckCertificate();
  const [payload, setPayload] = useState('');
  const [complianceId, setComplianceId] = useState<string | null>(null);
  const [result, setResult] = useState<{ message: string; data: CertificateCheck } | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setFieldError(null);
    setError(null);
    setResult(null);
    check.mutate(
      { user_id: user.id, payload: payload.trim(), ...(complianceId ? { compliance_id: Number(complianceId) } : {}) },
      {
        onSuccess: setResult,
        onError: (e) => {
          if (e instanceof HttpError && e.fieldErrors.payload) setFieldError(e.fieldErrors.payload.join(' '));
          else setError(e instanceof HttpError ? joinErrors(e.fieldErrors) || e.message : e.message);
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('check_title', { name: `${user.first_name} ${user.last_name}` })} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('check_help')}
        </Text>
        <CertificateInput
          value={payload}
          onChange={(v) => {
            setPayload(v);
            setFieldError(null);
          }}
          error={fieldError}
        />
        {conditions.allowed ? (
          <Select
            label={t('check_condition')}
            placeholder={t('check_condition_none')}
            data={(conditions.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={complianceId}
            onChange={setComplianceId}
            clearable
            searchable
          />
        ) : null}
        {result ? (
          <Alert color={result.data.verified ? 'green' : 'red'} data-testid="certificate-check-result">
            <Stack gap={6}>
              <Text size="sm" fw={500}>
                {result.message}
              </Text>
              <CertificateSummary certificate={result.data} />
            </Stack>
          </Alert>
        ) : null}
        {error ? <Alert color="red">{error}</Alert> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('close')}
          </Button>
          <Button onClick={submit} loading={check.isPending} disabled={payload.trim().length < 10}>
            {t('check_send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
