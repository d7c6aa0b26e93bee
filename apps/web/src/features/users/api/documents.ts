import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { useUsersChanged } from './users';

/** A vaccine or PCR record as GET /api/user/{id} lists it (rules 181-186). */
export interface UserDocument {
  id: number;
  user_id: number;
  document_type_id: number | null;
  type: 'covid_vaccine' | 'test';
  vaccine_name: string | null;
  protocol: string | null;
  batch_number: string | null;
  date_taken: string | null;
  start_date: string | null;
  expiry_date: string | null;
  pcr_result: 'negative' | 'positive' | null;
  pcr_date: string | null;
  first_name: string | null;
  last_name: string | null;
  date_of_birth: string | null;
  notes: string | null;
  file: string | null;
  accept_negative_pcr: number;
  vaccine_status: string;
  status: 'enabled' | 'disabled' | 'DELETED';
  updated_at: string;
}
export interface DocumentType {
  id: number;
  key: string;
  name: string;
}

/** The organisation's document types (GET /api/get_type_for_user_document/{entityId}). */
export const useDocumentTypes = (entityId: number) =>
  useQuery({
    queryKey: ['documents', 'types', entityId],
    enabled: !!entityId,
    staleTime: 5 * 60_000,
    queryFn: () => http.get<{ data: DocumentType[] }>(`/api/get_type_for_user_document/${entityId}`).then((r) => r.data),
  });

/** Adds a record: JSON, or multipart with the attached certificate (an image or a PDF the server reads). */
export function useCreateDocument() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: ({ fields, file }: { fields: Record<string, string | number>; file: File | null }) => {
      if (!file) return http.post<{ message: string; data: UserDocument }>('/api/user_document', fields, { forbidden: 'throw' });
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
      form.append('file', file);
      return http.post<{ message: string; data: UserDocument }>('/api/user_document', form, { forbidden: 'throw' });
    },
    onSuccess: () => changed(),
  });
}

/** Rule 182: toggles a record on or off, or marks it DELETED. */
export function useDocumentStatus() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'toggle' | 'DELETED' }) => http.put<{ message: string; data: UserDocument }>(`/api/user_document/${id}`, { status }, { forbidden: 'throw' }),
    onSuccess: () => changed(),
  });
}

/** A certificate check as POST /api/compliance_certificate answers it. */
export interface CertificateCheck {
  id: number;
  user_id: number;
  protocol: string;
  type: string;
  status: string;
  verified: 0 | 1;
  holder_name: string | null;
  date_of_birth: string | null;
  date_taken: string | null;
  expiry_date: string | null;
  issuer: string | null;
  created_at: string;
}

/** Checks a certificate's QR text against the trust list; a trusted one becomes a record, so the person is read again. */
export function useCheckCertificate() {
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (body: { user_id: number; payload: string; compliance_id?: number }) => http.post<{ message: string; data: CertificateCheck }>('/api/compliance_certificate', body),
    onSuccess: changed,
  });
}
