import { useTranslation } from 'react-i18next';
import { HomeButton, StatusPage } from './StatusPage';

/** /error: target of a refused request (rule 110) and of pages the package or permissions do not open. */
export default function ErrorPage() {
  const { t } = useTranslation('status');
  return <StatusPage testId="error-page" code="403" title={t('error.title')} text={t('error.text')} action={<HomeButton label={t('home')} />} />;
}
