import type { zLinkQr, zPreRegLink, zPreRegLinkOptions } from '@gatehouse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { z } from 'zod';

/** A shareable pre-registration link (docs/pre-registration.md): `url` is what the visitor opens. */
export type PreRegLink = z.output<typeof zPreRegLink>;
export type LinkOptions = z.output<typeof zPreRegLinkOptions>;
export interface NewLink {
  area_id: number;
  journey_flow_id: number | null;
  expires_at: string | null;
}

const key = (journeyId: number) => ['journeys', 'prereg-links', journeyId];

/** The journey's links, newest first. */
export const usePreRegLinks = (entityId: number, journeyId: number) =>
  useQuery({
    queryKey: key(journeyId),
    queryFn: () => http.get<{ data: PreRegLink[] }>(`/api/pre_registration_links/${entityId}`, { query: { journey_id: journeyId } }).then((r) => r.data),
  });

/** The areas and flows a new link of the journey may name. */
export const useLinkOptions = (journeyId: number) =>
  useQuery({
    queryKey: [...key(journeyId), 'options'],
    queryFn: () => http.get<{ data: LinkOptions }>(`/api/pre_registration_link_options/${journeyId}`).then((r) => r.data),
  });

/** The link's QR code as a PNG data URL. */
export const useLinkQr = (id: number) =>
  useQuery({
    queryKey: ['journeys', 'prereg-link-qr', id],
    queryFn: () => http.get<z.output<typeof zLinkQr>>(`/api/pre_registration_link_qr/${id}`).then((r) => r.data),
  });

export function useCreateLink(entityId: number, journeyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewLink) =>
      http.post<{ data: PreRegLink }>('/api/pre_registration_link', { entity_id: entityId, journey_id: journeyId, ...body }, { quiet: true }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(journeyId) }),
  });
}

/** Turns a link off (or on again). */
export function useSetLinkActive(journeyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: 0 | 1 }) => http.put<{ data: PreRegLink }>(`/api/pre_registration_link/${id}`, { active }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: key(journeyId) }),
  });
}
