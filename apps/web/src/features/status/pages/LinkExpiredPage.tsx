import { Button, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BarePage } from '../../../components/PageLayout';
import { StatusPage } from './StatusPage';

/** Reasons a visitor's link expired (rules 144-148); anything else (a failed fetch) gets the generic message. */
export const EXPIRY_REASONS = ['not_approved', 'deleted', 'missed', 'arrived', 'confirmed'] as const;
type Reason = (typeof EXPIRY_REASONS)[number];

export function expiryMessageKey(reason: string | null, kind: string | null): string {
  const r = (EXPIRY_REASONS as readonly string[]).includes(reason ?? '') ? (reason as Reason) : 'generic';
  return `expired.${kind === 'compliance' ? 'compliance' : 'confirmation'}.${r}`;
}

/**
 * /link-expired?reason=&kind=confirmation|compliance&userHasPassport=true (rules 35, 145-148): the expiry message
 * followed by 'Please contact the system admin for further details.'; a passport holder is offered the login.
 */
export default function LinkExpiredPage() {
  const { t } = useTranslation('status');
  const [params] = useSearchParams();
  const key = expiryMessageKey(params.get('reason'), params.get('kind'));
  const passport = params.get('userHasPassport') === 'true';
  return (
    <BarePage width={560}>
      <Paper withBorder p="xl" radius="md">
        <StatusPage
          testId="link-expired-page"
          title={t('expired.title')}
          text={`${t(key)} ${t('expired.contact')}`}
          action={
            passport ? (
              <Button component={Link} to="/login" mt="sm">
                {t('expired.login')}
              </Button>
            ) : undefined
          }
        />
      </Paper>
    </BarePage>
  );
}
