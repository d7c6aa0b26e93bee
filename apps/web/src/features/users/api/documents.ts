import type { zCertificate, zCertificateSaved, zDocumentTypes, zUserDocument, zUserDocumentSaved } from '@gatehouse/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useUsersChanged } from './users';
import type { z } from 'zod';

/** A vaccine or PCR record as GET /api/user/{id} lists it (rules 181-186). */
export type UserDocument = z.output<typeof zUserDocument>;
export type DocumentType = z.output<typeof zDocumentTypes>['data'][number];

/** The organisation's document types (GET /api/get_type_for_user_document/{entityId}). */
export const useDocumentTypes = (entityId: number) =>
  useQuery({
    queryKey: ['documents', 'types', entityId],
    enabled: !!entityId,
    staleTime: 5 * 60_000,
    queryFn: () => http.get<z.output<typeof zDocumentTypes>>(`/api/get_type_for_user_document/${entityId}`).then((r) => r.data),
  });

/** Adds a record: JSON, or multipart with the attached certificate (an image or a PDF the server reads). */
export function useCreateDocument() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: ({ fields, file }: { fields: Record<string, string | number>; file: File | null }) => {
      if (!file) return http.post<z.output<typeof zUserDocumentSaved>>('/api/user_document', fields, { forbidden: 'throw' });
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
      form.append('file', file);
      return http.post<z.output<typeof zUserDocumentSaved>>('/api/user_document', form, { forbidden: 'throw' });
    },
    onSuccess: () => changed(),
  });
}

/** Rule 182: toggles a record on or off, or marks it DELETED. */
export function useDocumentStatus() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'toggle' | 'DELETED' }) => http.put<z.output<typeof zUserDocumentSaved>>(`/api/user_document/${id}`, { status }, { forbidden: 'throw' }),
    onSuccess: () => changed(),
  });
}

/** A certificate check as POST /api/compliance_certificate answers it. */
export type CertificateCheck = z.output<typeof zCertificate>;

/** Checks a certificate's QR text against the trust list; a trusted one becomes a record, so the person is read again. */
export function useCheckCertificate() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (body: { user_id: number; payload: string; compliance_id?: number }) => http.post<z.output<typeof zCertificateSaved>>('/api/compliance_certificate', body),
    onSuccess: changed,
  });
}
