import type { ComplianceAnswer, ComplianceDetail, zComplianceLinkResent, zComplianceSaved, zOnlineAnswersSaved, zOnlineCompliance, zPersonAnswers, zTrustKey, zTrustKeySaved } from '@gatehouse/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { z } from 'zod';

export const useCompliance = (id: number | null) =>
  useQuery({ queryKey: ['compliance', 'one', id], queryFn: () => http.get<{ data: ComplianceDetail }>(`/api/compliance/${id}`).then((r) => r.data), enabled: !!id });

export function useSaveCompliance(id: number | null) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      id ? http.put<z.output<typeof zComplianceSaved>>(`/api/compliance/${id}`, body) : http.post<z.output<typeof zComplianceSaved>>('/api/compliance', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['compliance'] }),
  });
}

export function useDeleteCompliance() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<{ message: string }>(`/api/compliance/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['compliance'] }),
  });
}

export type RequiredCompliance = z.output<typeof zPersonAnswers>['required'][number];

/**
 * A person's answers (rules 210-214): of one visit (with the visit's entry condition and whether it is due), of
 * one scan, or all of them.
 */
export const useComplianceAnswers = ({ userId, visitId, scanId }: { userId: number; visitId?: number | null; scanId?: number | null }) =>
  useQuery({
    queryKey: ['compliance', 'answers', userId, visitId ?? null, scanId ?? null],
    queryFn: () =>
      visitId
        ? http.get<z.output<typeof zPersonAnswers>>('/api/get_compliance_user', { query: { user_id: userId, visit_id: visitId }, notFound: 'throw' })
        : http
            .get<{ data: ComplianceAnswer[] }>('/api/get_compliance_user_details', { query: { user_id: userId, scan_id: scanId ?? undefined }, notFound: 'throw' })
            .then((r) => ({ ...r, required: [] as RequiredCompliance[] })),
  });

/** Sends the visit's entry-conditions link again by mail (a new link; the old one stops working). */
export const useResendCompliance = () =>
  useMutation({ mutationFn: (visitId: number) => http.post<z.output<typeof zComplianceLinkResent>>('/api/compliance-resent', { visit_id: visitId }) });

export type TrustKey = z.output<typeof zTrustKey>;

/** The organisation's trust list for certificate checks: EU DCC signer keys (PEM) and SMART Health Card issuers (JWKS). */
export const useTrustKeys = (entityId: number) =>
  useQuery({
    queryKey: ['compliance', 'trust-keys', entityId],
    queryFn: () => http.get<{ data: TrustKey[]; count: number }>(`/api/compliance_trust_keys/${entityId}`).then((r) => r.data),
    enabled: !!entityId,
  });

export function useTrustKeyChange() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: ['compliance', 'trust-keys'] });
  const add = useMutation({
    mutationFn: (body: { name: string; kind: 'pem' | 'jwks'; key_id: string | null; content: string }) => http.post<z.output<typeof zTrustKeySaved>>('/api/compliance_trust_key', body),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: number) => http.delete<{ message: string }>(`/api/compliance_trust_key/${id}`), onSuccess: refresh });
  return { add, remove };
}

export type OnlineCompliance = z.output<typeof zOnlineCompliance>['data'];

/** The check of a certificate presented on the online-compliance page, and whether the entry condition accepts it. */
export type OnlineCertificate = NonNullable<z.output<typeof zOnlineAnswersSaved>['data']['certificate']>;

export const useOnlineCompliance = (code: string | undefined) =>
  useQuery({
    queryKey: ['online-compliance', code],
    queryFn: () => http.get<z.output<typeof zOnlineCompliance>>('/api/get_online_compliance_user', { query: { visitCode: code }, notFound: 'throw' }).then((r) => r.data),
    enabled: !!code && code.length >= 20,
    retry: false,
  });

export const sendOnlineAnswers = (body: unknown) =>
  http.post<z.output<typeof zOnlineAnswersSaved>>('/api/create_online_compliance_user', body);
