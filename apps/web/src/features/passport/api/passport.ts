import type { Entity, Session } from '@gatehouse/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { setSession } from '../../../lib/session';

export interface Invitation {
  id: number;
  entity_id: number;
  entity_name: string;
  role: string | null;
  created_at: string;
}
export interface Membership {
  id: number;
  name: string;
  subdomain: string;
  logo: string | null;
  package: string | null;
  role: string | null;
  current: 0 | 1;
}

export const invitationsQuery = () =>
  queryOptions({ queryKey: ['passport', 'invitations'], queryFn: () => http.get<{ data: Invitation[] }>('/api/passport/invitations').then((r) => r.data) });
export const membershipsQuery = (accountId: number) =>
  queryOptions({ queryKey: ['passport', 'entities', accountId], queryFn: () => http.get<{ data: Membership[] }>(`/api/users_entities/${accountId}`).then((r) => r.data) });

export const useInvitations = () => useQuery(invitationsQuery());
export const useMemberships = (accountId: number) => useQuery(membershipsQuery(accountId));

export function useAnswerInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'reject' }) =>
      http.post<{ message: string; data: { entity_id: number } }>(`/api/${answer}-invitation-from-cloud`, { invitation_id: id }),
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

export const otpSetup = () => http.get<{ data: { secret: string; otpauth_url: string; qr: string } }>('/api/passport/otp/setup', { notFound: 'throw' }).then((r) => r.data);
export const otpEnable = (otp: string) => http.post<{ message: string }>('/api/passport/otp/enable', { otp });
export const otpDisable = (password: string) => http.post<{ message: string }>('/api/passport/otp/disable', { password });
export const clientSecret = (email: string, password: string, otp?: string) =>
  http.post<{ data: { client_id: string; client_secret: string } }>('/api/get-client-secret', { email, password, ...(otp ? { otp } : {}) }).then((r) => r.data);
export const deactivatePassport = (passportId: string) => http.post<{ message: string }>('/api/deactivate-passport-account', { passport_id: passportId });
export const reactivatePassport = (passportId: string) => http.post<{ message: string }>('/api/reactivate-passport-account', { passport_id: passportId });

/** The passport's activation (rules 62, 82): the shell's reactivation modal and the passport page ask it. */
export interface Activation {
  passport_id: string;
  is_active: 0 | 1;
  deactivated_at: string | null;
  days_since_deactivation: number | null;
}

export const activationQuery = (passportId: string) => ({
  queryKey: ['passport', 'activation', passportId],
  queryFn: () => http.post<{ data: Activation }>('/api/check-activation-status', { passport_id: passportId }).then((r) => r.data),
});
