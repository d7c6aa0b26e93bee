import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useAnnouncement, useDeleteAnnouncement } from '../api/announcements';
import { AnnouncementFlags } from '../components/AnnouncementFlags';
import { AnnouncementForm } from '../components/AnnouncementForm';

/** /announcement-details?id=: one announcement, its status and author, edited in place ("Announcement has been updated successfully.", rule 265) or deleted. */
export default function AnnouncementDetailsPage() {
  const { t } = useTranslation('announcements');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const one = useAnnouncement(id);
  const remove = useDeleteAnnouncement();
  if (!id) return <PageLayout title={t('details_title')}><Alert color="yellow">{t('none_chosen')}</Alert></PageLayout>;
  if (!one.data) {
    return <PageLayout title={t('details_title')}>{one.isError ? <Alert color="red">{one.error.message}</Alert> : <Center py="xl"><Loader aria-label={t('loading')} /></Center>}</PageLayout>;
  }
  const a = one.data;
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('delete_title'),
      children: <Text size="sm">{t('delete_confirm', { text: a.text })}</Text>,
      labels: { confirm: t('delete'), cancel: t('form.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: (res) => {
            notifications.show({ color: 'green', message: res.message });
            navigate('/announcements');
          },
        }),
    });
  return (
    <PageLayout title={t('details_title')}>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t(`status.${a.status}`)}
          {a.created_by_name ? ` · ${t('by', { name: a.created_by_name })}` : ''}
        </Text>
        <AnnouncementFlags a={a} />
      </Group>
      <AnnouncementForm
        key={a.id}
        announcement={a}
        actions={
          <Button color="red" variant="light" onClick={confirmDelete} loading={remove.isPending}>
            {t('delete')}
          </Button>
        }
      />
    </PageLayout>
  );
}
