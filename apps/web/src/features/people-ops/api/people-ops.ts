import type { InviteRow, zDuplicatePair, zDuplicatePairs, zPassportPreview, zRfidCheck, zRfidEnrolment, zUserSaved } from '@gatehouse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { http } from '../../../lib/http';
import type { MassResult, PassportRow } from '../../users/api/users';

/** A suspected duplicate pair (GET /api/get_users_duplicate/{entityId}): reasons are email, phone, id_number, name. */
export type DuplicatePair = z.output<typeof zDuplicatePair>;
/** A page of the board, with how many people are still to be compared by name and whether the count is a floor. */
export type DuplicatePage = z.output<typeof zDuplicatePairs>;
export const pairId = (p: DuplicatePair) => `${p.user.id}-${p.duplicate.id}`;

/** Merge one person into the kept one (rule 180: both chosen, else 'Please select a user'). */
export function useMergeUsers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: { keep_user_id: number; merge_user_id: number }) =>
      http.post<z.output<typeof zUserSaved>>('/api/merge_user', b, { forbidden: 'throw', notFound: 'throw' }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['duplicates'] }), qc.invalidateQueries({ queryKey: ['users'] })]),
  });
}

/** The rule 179 row as the preview answers it: the person, their passport state and current grants. */
export type InvitePreviewRow = PassportRow;
export const useInvitePreview = (ids: number[]) =>
  useQuery({
    queryKey: ['users', 'invite-preview', ids],
    enabled: ids.length > 0,
    queryFn: () => http.get<z.output<typeof zPassportPreview>>('/api/mass-action-invite-users', { query: { users: ids.join(',') }, forbidden: 'throw' }).then((r) => r.data),
  });

/** Apply dashboard invitations with full rows (rules 166, 179); the answer says who was invited and who skipped why. */
export function useApplyInvites() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (rows: InviteRow[]) => http.post<MassResult>('/api/mass-action-apply-invite-users', { users: rows }, { forbidden: 'throw' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['users'] }),
  });
}

/** Which of the shown people have an RFID value enrolled. */
export const rfidStates = (ids: number[], signal?: AbortSignal) =>
  ids.length
    ? http.get<z.output<typeof zRfidEnrolment>>('/api/get_users_have_rfid_enrollment', { query: { userIds: ids.join(',') }, signal }).then((r) => new Map(r.data.map((x) => [x.id, x.has_rfid === 1])))
    : Promise.resolve(new Map<number, boolean>());

export function useSendRfidInstructions() {
  return useMutation({
    mutationFn: (b: { user_id: number; kiosk_id?: number }) => http.post<{ message: string }>('/api/send-rfid-instructions', b, { forbidden: 'throw', notFound: 'throw' }),
  });
}

/** The public enrolment link (/rfid/:code): checking it answers the person's first name. */
export type RfidLink = z.output<typeof zRfidCheck>['data'];
export const useRfidLink = (code: string) =>
  useQuery({
    queryKey: ['rfid-link', code],
    retry: false,
    queryFn: () => http.post<z.output<typeof zRfidCheck>>('/api/verify-rfid-code', { code }, { notFound: 'throw', quiet: true }).then((r) => r.data),
  });
export const useEnrolRfid = (code: string) =>
  useMutation({ mutationFn: (rfid: string) => http.post<z.output<typeof zRfidCheck>>('/api/verify-rfid-code', { code, rfid }, { notFound: 'throw', quiet: true }) });
