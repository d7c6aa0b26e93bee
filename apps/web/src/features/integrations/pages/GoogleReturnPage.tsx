import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { INTEGRATIONS, newIntegrationPath } from '../paths';

const MISSING = new Set(['', 'error', 'null', 'undefined', 'false']);

/**
 * Where Google sends the user back after consent: with a refresh token the Google setup opens with it filled in
 * (typed by nobody, shown as a secret); a directory error (no token) goes back to /integration (rule 37).
 */
export default function GoogleReturnPage() {
  const { t } = useTranslation('integrations');
  const { accessToken = '', refreshToken = '' } = useParams();
  if (MISSING.has(accessToken.toLowerCase()) || MISSING.has(refreshToken.toLowerCase())) {
    notifications.show({ id: 'google-error', message: t('google.error'), color: 'red', closeButtonProps: { 'aria-label': t('close') } });
    return <Navigate to={INTEGRATIONS} replace />;
  }
  return <Navigate to={newIntegrationPath('google')} replace state={{ prefill: { refresh_token: decodeURIComponent(refreshToken) } }} />;
}
