import { Button, Center, Loader, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLayout } from '../../../components/PageLayout';
import { useCompliance, useDeleteCompliance } from '../api/compliance';
import { ComplianceForm } from '../components/ComplianceForm';

/** /compliance-new and /compliance/update/:id: an entry condition (rules 205-209, 215); saving an edit makes a new version. */
export default function ComplianceFormPage() {
  const { id } = useParams();
  const complianceId = id ? Number(id) : null;
  const compliance = useCompliance(complianceId);
  const { t } = useTranslation('compliance');
  const navigate = useNavigate();
  const del = useDeleteCompliance();
  if (complianceId && !compliance.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  const c = compliance.data ?? null;
  const confirmDelete = () =>
    c &&
    modals.openConfirmModal({
      title: t('delete_title'),
      children: <Text size="sm">{t('delete_confirm', { name: c.name })}</Text>,
      labels: { confirm: t('delete'), cancel: t('cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        del.mutate(c.id, {
          onSuccess: (r) => {
            notifications.show({ color: 'green', message: r.message });
            navigate('/compliances');
          },
        }),
    });
  return (
    <PageLayout
      title={c ? t('edit_title_named', { name: c.name }) : t('add_title')}
      actions={
        c ? (
          <Button variant="default" color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete} loading={del.isPending}>
            {t('delete')}
          </Button>
        ) : null
      }
    >
      <ComplianceForm key={c ? `${c.id}-${c.version}` : 'new'} compliance={c} />
    </PageLayout>
  );
}
