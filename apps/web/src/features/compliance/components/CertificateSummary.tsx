import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface CheckedCertificate {
  protocol: string;
  type: string;
  status: string;
  verified: 0 | 1;
  date_taken: string | null;
  expiry_date: string | null;
  holder_name?: string | null;
}

const STATUS_COLORS: Record<string, string> = { vaccinated: 'green', 'negative PCR': 'green', 'positive PCR': 'red', expired: 'orange', unchecked: 'yellow', 'not supported': 'gray' };

/** What a certificate check found: trusted or not, its status, kind and dates. */
export function CertificateSummary({ certificate: c }: { certificate: CheckedCertificate }) {
  const { t } = useTranslation('compliance');
  return (
    <Stack gap={4} data-testid="certificate-summary">
      <Group gap="xs">
        <Badge variant="light" color={c.verified ? 'green' : 'red'}>
          {t(c.verified ? 'certificate_verified' : 'certificate_untrusted')}
        </Badge>
        <Badge variant="light" color={STATUS_COLORS[c.status] ?? 'gray'}>
          {t(`certificate_status_${c.status}`, { defaultValue: c.status })}
        </Badge>
      </Group>
      <Text size="sm">
        {[t(`protocol_name_${c.protocol}`, { defaultValue: c.protocol }), t(`certificate_type_${c.type}`, { defaultValue: c.type })].join(' · ')}
      </Text>
      {c.holder_name ? <Text size="sm">{t('certificate_holder', { name: c.holder_name })}</Text> : null}
      {c.date_taken || c.expiry_date ? (
        <Text size="sm" c="dimmed">
          {[c.date_taken ? t('certificate_taken', { date: c.date_taken }) : null, c.expiry_date ? t('certificate_valid_until', { date: c.expiry_date }) : null].filter(Boolean).join(' · ')}
        </Text>
      ) : null}
    </Stack>
  );
}
