import { Alert } from '@mantine/core';
import type { zConsoleConfig } from '@gatehouse/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { http } from '../../lib/http';
import { pageAllowed } from '../../lib/permissions';
import { useSession } from '../../lib/session';

/**
 * Tells administrators (those who manage the company) while PUBLIC_URL is unset: the links in mails, QR codes and
 * pre-registration posters then say localhost, which nobody else can open (issue 15 part 4).
 */
export function PublicUrlBanner() {
  const { t } = useTranslation('shell');
  const session = useSession();
  const admin = !!session?.entity && session.permissions?.company_details !== undefined && pageAllowed(session.permissions, 'company_details');
  const config = useQuery({
    queryKey: ['console-config'],
    enabled: admin,
    staleTime: Infinity,
    queryFn: () => http.get<z.output<typeof zConsoleConfig>>('/api/console-config', { quiet: true }).then((r) => r.data),
  });
  if (!admin || !config.data || config.data.public_url_set) return null;
  return (
    <Alert color="orange" title={t('public_url.title')} mb="md" data-testid="public-url-banner">
      {t('public_url.text', { url: config.data.public_url })}
    </Alert>
  );
}
