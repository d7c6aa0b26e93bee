import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../components/PageLayout';
import { AnnouncementForm } from '../components/AnnouncementForm';

/** /add-announcement: create an announcement (rules 262-264). */
export default function AddAnnouncementPage() {
  const { t } = useTranslation('announcements');
  return (
    <PageLayout title={t('add_title')}>
      <AnnouncementForm announcement={null} />
    </PageLayout>
  );
}
