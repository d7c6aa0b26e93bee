import { Alert, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { VisitorFrame } from '../components/VisitorFrame';

/** After registering or confirming: what happens next (approval pending, or the mail with the QR code). */
export default function SuccessPage() {
  const { t } = useTranslation('prereg');
  const [params] = useSearchParams();
  const pending = params.get('approval') === '1';
  const confirmed = params.get('confirmed') === '1';
  return (
    <VisitorFrame>
      <Stack data-testid="prereg-success">
        <Title order={2}>{t('success.title')}</Title>
        <Alert color="green">{confirmed ? t('success.confirmed') : t('success.registered')}</Alert>
        <Text>{pending ? t('success.pending') : t('success.mail')}</Text>
      </Stack>
    </VisitorFrame>
  );
}
