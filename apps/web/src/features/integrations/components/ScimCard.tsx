import { Alert, Button, Card, Code, CopyButton, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';
import { createScimToken, revokeScimToken } from '../api/integrations';
import { failToast, toast } from './bits';

/**
 * SCIM 2.0 provisioning (issue 19 part 6): the organisation's bearer token for Okta, Entra provisioning or any SCIM
 * client — made or rotated (the earlier one stops working) and shown once, with the base URL to give the client;
 * revoked after a confirmation.
 */
export function ScimCard() {
  const { t } = useTranslation('integrations');
  const entityId = useSession()?.entity?.id ?? 0;
  const [shown, setShown] = useState<{ token: string; url: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } catch (e) {
      failToast(e);
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    run(async () => {
      const res = await createScimToken(entityId);
      setShown(res.data);
      setConfirming(false);
      toast(res.message);
    });
  const revoke = () =>
    run(async () => {
      const res = await revokeScimToken(entityId);
      setShown(null);
      setConfirming(false);
      toast(res.message);
    });
  const copy = (value: string, label: string) => (
    <CopyButton value={value}>
      {({ copied, copy: doCopy }) => (
        <Button size="xs" variant="light" onClick={doCopy} aria-label={label}>
          {copied ? t('scim.copied') : t('scim.copy')}
        </Button>
      )}
    </CopyButton>
  );
  return (
    <Card withBorder mt="lg" component="section" aria-labelledby="scim-title">
      <Stack gap="sm">
        <Title order={3} id="scim-title">
          {t('scim.title')}
        </Title>
        <Text c="dimmed">{t('scim.intro')}</Text>
        {shown ? (
          <Alert color="yellow" title={t('scim.shown_once')}>
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap">
                <Text fw={500}>{t('scim.base_url')}</Text>
                <Code data-testid="scim-url" dir="ltr">
                  {shown.url}
                </Code>
                {copy(shown.url, t('scim.copy_url'))}
              </Group>
              <Group gap="xs" wrap="nowrap">
                <Text fw={500}>{t('scim.token')}</Text>
                <Code data-testid="scim-token" dir="ltr" style={{ wordBreak: 'break-all' }}>
                  {shown.token}
                </Code>
                {copy(shown.token, t('scim.copy_token'))}
              </Group>
            </Stack>
          </Alert>
        ) : null}
        {confirming ? (
          <Alert color="red" title={t('scim.revoke_confirm')}>
            <Group gap="xs">
              <Button color="red" size="xs" loading={busy} onClick={revoke}>
                {t('scim.revoke')}
              </Button>
              <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                {t('scim.cancel')}
              </Button>
            </Group>
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button loading={busy} onClick={create} disabled={!entityId}>
            {t('scim.create')}
          </Button>
          <Button variant="light" color="red" disabled={!entityId || confirming} onClick={() => setConfirming(true)}>
            {t('scim.revoke')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
