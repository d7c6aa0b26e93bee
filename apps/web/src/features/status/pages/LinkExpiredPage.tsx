import { linkExpiryMessageKey } from '@gatehouse/contract';
import { Button, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { BarePage } from '../../../components/PageLayout';
import { tMessage } from '../../../lib/i18n';
import { StatusPage } from './StatusPage';

/** The page's message key: the contract's (the same text the API answers, rules 146-148), generic on a failed fetch (rule 145). */
export const expiryMessageKey = (reason: string | null, kind: string | null) => linkExpiryMessageKey(reason, kind === 'compliance' ? 'compliance' : 'confirmation');

/**
 * /link-expired?reason=&kind=confirmation|compliance&userHasPassport=true (rules 35, 145-148): the expiry message
 * of the message catalogue (en/ar/es, ending 'Please contact the system admin for further details.'); a passport
 * holder is offered the login.
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
          text={tMessage(key)}
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
