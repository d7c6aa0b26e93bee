import { type Announcement, ANNOUNCEMENT_STATUSES, type AnnouncementStatus } from '@gatehouse/contract';
import { Badge, Button, Group, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { DataGrid } from '../../../components/DataGrid';
import { DATE_FORMAT } from '../../../components/fields';
import { PageLayout } from '../../../components/PageLayout';
import { useSession } from '../../../lib/session';
import { getAnnouncementsPage, useAnnouncementsLive } from '../api/announcements';
import { AnnouncementFlags } from '../components/AnnouncementFlags';

/** Rule 121: DD/MM/YYYY with the time of day. */
const formatDateTime = (iso: string) => dayjs(iso).format(`${DATE_FORMAT} HH:mm`);
const TABS: AnnouncementStatus[] = ['active', 'scheduled', 'expired'];
const isStatus = (v: string | null): v is AnnouncementStatus => !!v && (ANNOUNCEMENT_STATUSES as readonly string[]).includes(v);

/** /announcements: the grid split into active, scheduled and expired (rule 263); live while open. */
export default function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const entityId = useSession()?.entity?.id ?? 0;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: AnnouncementStatus = isStatus(params.get('tab')) ? (params.get('tab') as AnnouncementStatus) : 'active';
  useAnnouncementsLive(entityId);
  const open = (a: Announcement) => navigate(`/announcement-details?id=${a.id}`);
  return (
    <PageLayout
      title={t('title')}
      actions={
        <Button component={Link} to="/add-announcement" data-testid="add-announcement">
          {t('add')}
        </Button>
      }
    >
      <Tabs value={tab} onChange={(v) => isStatus(v) && setParams({ tab: v }, { replace: true })}>
        <Tabs.List>
          {TABS.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {t(`tabs.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataGrid<Announcement>
        key={tab}
        pageUrl="/announcements"
        queryKey={['announcements', 'list', entityId, tab]}
        fetchPage={(q, signal) => getAnnouncementsPage(entityId, tab, q, signal)}
        rowId={(a) => a.id}
        onRowClick={open}
        rowLabel={(a) => a.text}
        columns={[
          {
            id: 'text',
            header: t('col.text'),
            fixed: true,
            cell: (a) => (
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={500}>
                  {a.text}
                </Text>
                <AnnouncementFlags a={a} />
              </Group>
            ),
          },
          { id: 'user_types', header: t('col.user_types'), cell: (a) => a.user_types.map((x) => x.name).join(', ') },
          { id: 'sites', header: t('col.sites'), cell: (a) => (a.sites.length ? a.sites.map((x) => x.name).join(', ') : t('every_site')) },
          { id: 'publish_at', header: t('col.publish_at'), cell: (a) => formatDateTime(a.publish_at) },
          { id: 'expires_at', header: t('col.expires_at'), cell: (a) => (a.expires_at ? formatDateTime(a.expires_at) : t('never')) },
          { id: 'status', header: t('col.status'), cell: (a) => <Badge color={a.status === 'active' ? 'green' : a.status === 'scheduled' ? 'blue' : 'gray'}>{t(`status.${a.status}`)}</Badge> },
          { id: 'author', header: t('col.author'), defaultHidden: true, cell: (a) => a.created_by_name ?? '—' },
        ]}
      />
    </PageLayout>
  );
}
