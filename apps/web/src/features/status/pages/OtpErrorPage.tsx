import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteTable } from '../../../lib/route-table';
import { StatusPage } from './StatusPage';

/** /otp-error (rules 84, 109): the role needs two-step authentication; set it up on the passport account page. */
export default function OtpErrorPage() {
  const { t } = useTranslation('status');
  const action = useRouteTable().existingPaths.has('/passport') ? (
    <Button component={Link} to="/passport?force_otp=1" mt="sm">
      {t('otp.action')}
    </Button>
  ) : undefined;
  return <StatusPage testId="otp-error-page" title={t('otp.title')} text={t('otp.text')} action={action} />;
}
