import { useTranslation } from 'react-i18next';
import { HomeButton, StatusPage } from './StatusPage';

/** /404: unknown paths and pages whose record is not there (rules 16, 111). */
export default function NotFoundPage() {
  const { t } = useTranslation('status');
  return <StatusPage testId="not-found-page" code="404" title={t('not_found.title')} text={t('not_found.text')} action={<HomeButton label={t('home')} />} />;
}
