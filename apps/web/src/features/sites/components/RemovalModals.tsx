import type { zAreaCheckAnswer } from '@gatehouse/contract';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../lib/http';
import { fieldMessages, flatAreas, subtreeIds, type TreeArea, type TreeSite, usePlacesChange } from '../api/places';
import type { z } from 'zod';

function Footer({ onClose, onDelete, disabled, pending, label }: { onClose: () => void; onDelete: () => void; disabled: boolean; pending: boolean; label: string }) {
  const { t } = useTranslation('sites');
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>{t('cancel')}</Button>
      <Button color="red" disabled={disabled} loading={pending} onClick={onDelete}>{label}</Button>
    </Group>
  );
}

/** Deleting an area with its sub-areas (rule 233): checked first (by area and action); refused while people are in. */
export function AreaDeleteModal({ area, onClose }: { area: TreeArea; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const change = usePlacesChange();
  const [error, setError] = useState<string | null>(null);
  const check = useQuery({
    queryKey: ['sites', 'check', area.id, 'delete'],
    queryFn: () => http.get<z.output<typeof zAreaCheckAnswer>>(`/api/check_areas_mode_by_area/${area.id}/delete`).then((r) => r.data),
    gcTime: 0,
  });
  const subAreas = subtreeIds(area).length - 1;
  const remove = () => change.mutate({ method: 'delete', url: `/api/area/${area.id}` }, { onSuccess: onClose, onError: (x) => setError(fieldMessages(x).form) });
  return (
    <Modal opened onClose={onClose} title={t('area.delete_title')}>
      <Stack>
        {check.isLoading ? <Loader size="sm" /> : null}
        {check.data && !check.data.allowed ? <Alert color="red" data-testid="delete-refused">{check.data.message}</Alert> : null}
        {check.data?.allowed ? <Text size="sm">{t('area.delete_body', { name: area.name, count: subAreas })}</Text> : null}
        {error ? <Alert color="red">{error}</Alert> : null}
        <Footer onClose={onClose} onDelete={remove} disabled={!check.data?.allowed} pending={change.isPending} label={t('area.action_delete')} />
      </Stack>
    </Modal>
  );
}

type SiteModes = { area_id: number; name: string; signed_in: number }[];

/**
 * Removing a site (rule 234): refused while a journey is assigned to its areas, or while people are signed in
 * there; both shown before the admin can confirm, with the areas concerned.
 */
export function SiteDeleteModal({ site, onClose }: { site: TreeSite; onClose: () => void }) {
  const { t } = useTranslation('sites');
  const change = usePlacesChange();
  const [error, setError] = useState<string | null>(null);
  const modes = useQuery({
    queryKey: ['sites', 'check', 'site', site.id],
    queryFn: () => http.get<{ data: SiteModes }>(`/api/check_areas_mode_by_site/${site.id}`).then((r) => r.data),
    gcTime: 0,
  });
  const withJourney = flatAreas([site]).filter((x) => x.area.journey_id);
  const occupied = (modes.data ?? []).filter((a) => a.signed_in > 0);
  const blocked = withJourney.length > 0 || occupied.length > 0;
  const remove = () => change.mutate({ method: 'delete', url: `/api/site/${site.id}` }, { onSuccess: onClose, onError: (x) => setError(fieldMessages(x).form) });
  return (
    <Modal opened onClose={onClose} title={t('site.delete_title')}>
      <Stack>
        {modes.isLoading ? <Loader size="sm" /> : null}
        {withJourney.length ? (
          <Alert color="red" title={t('site.journey_assigned')} data-testid="site-journey-blocker">
            <List size="sm">{withJourney.map((x) => <List.Item key={x.area.id}>{x.area.name}</List.Item>)}</List>
          </Alert>
        ) : null}
        {occupied.length ? (
          <Alert color="red" title={t('site.people_signed_in')} data-testid="site-people-blocker">
            <List size="sm">{occupied.map((a) => <List.Item key={a.area_id}>{t('site.signed_in_at', { name: a.name, count: a.signed_in })}</List.Item>)}</List>
          </Alert>
        ) : null}
        {modes.data && !blocked ? <Text size="sm">{t('site.delete_body', { name: site.name, count: site.areas_count })}</Text> : null}
        {error ? <Alert color="red">{error}</Alert> : null}
        <Footer onClose={onClose} onDelete={remove} disabled={!modes.data || blocked} pending={change.isPending} label={t('site.delete')} />
      </Stack>
    </Modal>
  );
}
