import type { AnnouncementView } from '@gatehouse/contract';
import { Alert, Anchor, Box, Stack } from '@mantine/core';
import { IconAlertTriangle, IconPin, IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { myAnnouncementsQuery, useAnnouncementsLive } from '../api/announcements';

const DISMISSED_KEY = 'gatehouse.announcements.dismissed';
const keyOf = (a: AnnouncementView) => `${a.id}@${a.publish_at}`;
const readDismissed = (): string[] => {
  try {
    return JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
};

/**
 * The active announcements for the signed-in member (their user type at their sites; rule 263), in their language,
 * above every console page: urgent ones first in red, then pinned. Each can be put away for this browser session;
 * an edited announcement (new publish time) shows again. The description is the server's sanitised HTML.
 */
export function AnnouncementsBanner() {
  const { t, i18n } = useTranslation('announcements');
  const entityId = useSession()?.entity?.id ?? 0;
  useAnnouncementsLive(entityId);
  const mine = useQuery({ ...myAnnouncementsQuery(entityId), queryKey: [...myAnnouncementsQuery(entityId).queryKey, i18n.language], enabled: entityId > 0 });
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = (mine.data ?? []).filter((a) => !dismissed.includes(keyOf(a)));
  if (!shown.length) return null;
  const dismiss = (a: AnnouncementView) => {
    const next = [...dismissed, keyOf(a)];
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    setDismissed(next);
  };
  return (
    <Stack gap="xs" mb="md" component="section" aria-label={t('banner_label')} data-testid="announcements-banner">
      {shown.map((a) => (
        <Alert
          key={a.id}
          color={a.urgent ? 'red' : 'blue'}
          variant={a.urgent ? 'filled' : 'light'}
          icon={a.urgent ? <IconAlertTriangle size={18} /> : a.pinned ? <IconPin size={18} /> : <IconSpeakerphone size={18} />}
          title={a.urgent ? `${t('flags.urgent')}: ${a.text}` : a.text}
          withCloseButton
          closeButtonLabel={t('dismiss')}
          onClose={() => dismiss(a)}
        >
          {a.description ? <Box className="announcement-text" dangerouslySetInnerHTML={{ __html: a.description }} /> : null}
          {a.url ? (
            <Anchor href={a.url} target="_blank" rel="noopener noreferrer" c="inherit" td="underline" size="sm">
              {t('open_link')}
            </Anchor>
          ) : null}
        </Alert>
      ))}
    </Stack>
  );
}
