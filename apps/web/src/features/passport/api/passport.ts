import type { Entity, Session, zClientSecret, zInvitationAnswered, zInvitations, zMemberships, zOtpSetup, zPassportActivation } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { setSession } from '../../../lib/session';
import type { z } from 'zod';

export type Invitation = z.output<typeof zInvitations>['data'][number];
export type Membership = z.output<typeof zMemberships>['data'][number];

export const invitationsQuery = () =>
  queryOptions({ queryKey: ['passport', 'invitations'], queryFn: () => http.get<z.output<typeof zInvitations>>('/api/passport/invitations').then((r) => r.data) });
export const membershipsQuery = (accountId: number) =>
  queryOptions({ queryKey: ['passport', 'entities', accountId], queryFn: () => http.get<z.output<typeof zMemberships>>(`/api/users_entities/${accountId}`).then((r) => r.data) });

export const useInvitations = () => useQuery(invitationsQuery());
export const useMemberships = (accountId: number) => useQuery(membershipsQuery(accountId));

export function useAnswerInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'reject' }) =>
      http.post<z.output<typeof zInvitationAnswered>>(`/api/${answer}-invitation-from-cloud`, { invitation_id: id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['passport'] }),
  });
}

/** Moves the session to another organisation and stores the new session. */
export const switchEntity = (entityId: number) =>
  http.post<{ data: Session }>('/api/switch-entity', { entity_id: entityId }).then((r) => {
    setSession(r.data);
    return r.data;
  });

/** Creates an organisation (the caller becomes its owner and admin), then switches to it. */
export const createOrganisation = async (body: { name: string; subdomain: string }) => {
  const created = await http.post<{ data: Entity }>('/api/entity', body).then((r) => r.data);
  return switchEntity(created.id);
};

export const otpSetup = () => http.get<{ data: z.output<typeof zOtpSetup> }>('/api/passport/otp/setup', { notFound: 'throw' }).then((r) => r.data);
export const otpEnable = (otp: string) => http.post<{ message: string }>('/api/passport/otp/enable', { otp });
export const otpDisable = (password: string) => http.post<{ message: string }>('/api/passport/otp/disable', { password });
export const clientSecret = (email: string, password: string, otp?: string) =>
  http.post<z.output<typeof zClientSecret>>('/api/get-client-secret', { email, password, ...(otp ? { otp } : {}) }).then((r) => r.data);
export const deactivatePassport = (passportId: string) => http.post<{ message: string }>('/api/deactivate-passport-account', { passport_id: passportId });
export const reactivatePassport = (passportId: string) => http.post<{ message: string }>('/api/reactivate-passport-account', { passport_id: passportId });

/** The passport's activation (rules 62, 82): the shell's reactivation modal and the passport page ask it. */
export type Activation = z.output<typeof zPassportActivation>['data'];

export const activationQuery = (passportId: string) => ({
  queryKey: ['passport', 'activation', passportId],
  queryFn: () => http.post<z.output<typeof zPassportActivation>>('/api/check-activation-status', { passport_id: passportId }).then((r) => r.data),
});
