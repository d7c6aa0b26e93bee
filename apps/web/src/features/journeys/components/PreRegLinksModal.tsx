import { ActionIcon, Alert, Badge, Button, Center, CopyButton, Divider, Group, Loader, Modal, Table, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconQrcode } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../../components/fields';
import { useSession } from '../../../lib/session';
import { type LinkOptions, type PreRegLink, useLinkOptions, usePreRegLinks, useSetLinkActive } from '../api/prereg-links';
import { PreRegLinkForm } from './PreRegLinkForm';
import { PreRegPoster } from './PreRegPoster';

type State = 'active' | 'off' | 'expired';
const stateOf = (l: PreRegLink, now = Date.now()): State => (!l.active ? 'off' : l.expires_at && Date.parse(l.expires_at) <= now ? 'expired' : 'active');
const STATE_COLOR: Record<State, string> = { active: 'green', off: 'gray', expired: 'orange' };

function placeOf(l: PreRegLink, options: LinkOptions | undefined) {
  const a = options?.areas.find((x) => x.id === l.area_id);
  return a ? `${a.site_name} · ${a.name}` : l.area_id ? `#${l.area_id}` : '';
}

/**
 * The journey's shareable pre-registration links (docs/pre-registration.md): list them with their area, flow,
 * end date and state; make one; copy its address; show and print its QR poster; turn it off or on again.
 */
export function PreRegLinksModal({ journey, onClose }: { journey: { id: number; name: string }; onClose: () => void }) {
  const { t } = useTranslation('prereg-links');
  const session = useSession();
  const entityId = session?.entity?.id ?? 0;
  const links = usePreRegLinks(entityId, journey.id);
  const options = useLinkOptions(journey.id);
  const setActive = useSetLinkActive(journey.id);
  const [poster, setPoster] = useState<PreRegLink | null>(null);

  const flowName = (l: PreRegLink) => (l.journey_flow_id ? (options.data?.flows.find((f) => f.id === l.journey_flow_id)?.user_type_name ?? `#${l.journey_flow_id}`) : t('every_flow'));
  const toggle = (l: PreRegLink) =>
    setActive.mutate({ id: l.id, active: l.active ? 0 : 1 }, { onSuccess: (r) => notifications.show({ color: 'green', message: t(r.active ? 'turned_on' : 'turned_off') }) });

  return (
    <Modal opened onClose={onClose} title={t('title_for', { name: journey.name })} size="80rem" closeButtonProps={{ 'aria-label': t('close') }}>
      {links.isLoading || options.isLoading ? (
        <Center py="xl">
          <Loader aria-label={t('loading')} />
        </Center>
      ) : links.isError || options.isError ? (
        <Alert color="red">{t('load_failed')}</Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {t('intro')}
          </Text>
          {links.data?.length ? (
            <Table.ScrollContainer minWidth={720}>
              <Table verticalSpacing="xs" aria-label={t('list_label')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('area')}</Table.Th>
                    <Table.Th>{t('flow')}</Table.Th>
                    <Table.Th>{t('until')}</Table.Th>
                    <Table.Th>{t('state')}</Table.Th>
                    <Table.Th>{t('actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {links.data.map((l) => {
                    const state = stateOf(l);
                    return (
                      <Table.Tr key={l.id}>
                        <Table.Td>{placeOf(l, options.data)}</Table.Td>
                        <Table.Td>{flowName(l)}</Table.Td>
                        <Table.Td>{l.expires_at ? dayjs(l.expires_at).format(DATE_FORMAT) : t('no_end')}</Table.Td>
                        <Table.Td>
                          <Badge color={STATE_COLOR[state]} variant="light">
                            {t(`states.${state}`)}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <CopyButton value={l.url}>
                              {({ copied, copy }) => (
                                <Tooltip label={copied ? t('copied') : t('copy_link')}>
                                  <ActionIcon variant="subtle" color={copied ? 'green' : undefined} aria-label={copied ? t('copied') : t('copy_link')} onClick={copy}>
                                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                                  </ActionIcon>
                                </Tooltip>
                              )}
                            </CopyButton>
                            <Tooltip label={t('show_poster')}>
                              <ActionIcon variant="subtle" aria-label={t('show_poster')} onClick={() => setPoster(l)} disabled={state !== 'active'}>
                                <IconQrcode size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Button size="compact-sm" variant="subtle" color={l.active ? 'red' : undefined} onClick={() => toggle(l)} loading={setActive.isPending && setActive.variables?.id === l.id}>
                              {l.active ? t('turn_off') : t('turn_on')}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : (
            <Text size="sm">{t('none_yet')}</Text>
          )}
          <Divider my="md" />
          <Title order={4} mb="xs">
            {t('new_link')}
          </Title>
          {options.data && (options.data.areas.length === 0 || options.data.flows.length === 0) ? (
            <Alert color="yellow">{options.data.areas.length === 0 ? t('no_areas') : t('no_flows')}</Alert>
          ) : options.data ? (
            <PreRegLinkForm entityId={entityId} journeyId={journey.id} options={options.data} onCreated={() => notifications.show({ color: 'green', message: t('created') })} />
          ) : null}
        </>
      )}
      {poster ? <PreRegPoster link={poster} organisation={session?.entity?.name ?? ''} place={placeOf(poster, options.data)} onClose={() => setPoster(null)} /> : null}
    </Modal>
  );
}
