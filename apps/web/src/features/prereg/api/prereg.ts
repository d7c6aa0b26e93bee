import type { z } from 'zod';
import type { zHost, zHostSettings, zPreRegSettings, zPreRegUserType, zVisitMetadata } from '@gatehouse/contract';
import { http } from '../../../lib/http';
import { savedLanguage } from '../../../lib/i18n';

export type PreRegSettings = z.infer<typeof zPreRegSettings>;
export type PreRegUserType = z.infer<typeof zPreRegUserType>;
export type HostSettings = z.infer<typeof zHostSettings>;
export type Host = z.infer<typeof zHost>;
export type VisitMetadata = z.infer<typeof zVisitMetadata>;

const lang = () => savedLanguage();
const thrown = { notFound: 'throw' as const };

export const getLinkSettings = (code: string) => http.get<{ data: PreRegSettings }>(`/api/check_image_qr_compliance_status_in_pre_registration/${lang()}/${code}`, thrown).then((r) => r.data);
export const getUserTypes = (code: string) => http.get<{ data: PreRegUserType[] }>(`/api/get_pre_registration_user_type/${lang()}/${code}`, thrown).then((r) => r.data);
export const getHostSettings = (code: string, userTypeId: number) => http.get<{ data: HostSettings }>(`/api/hosts/settings/${code}/${userTypeId}`, thrown).then((r) => r.data);
export const searchHosts = (code: string, search: string) => http.post<{ data: Host[] }>('/api/hosts/search', { journey_flow_id: code, search }).then((r) => r.data);
export const validateVisit = (body: Record<string, unknown>) => http.post<{ message: string }>(`/api/validate-expected-visit/${lang()}`, body);
export const createVisit = (form: FormData) => http.post<{ message: string; data: { visit_id: number; visit_url: string; approval_required: 0 | 1 } }>(`/api/create-expected-visit/${lang()}`, form);
export const getVisitByUrl = (visitUrl: string) => http.get<{ data: VisitMetadata }>(`/api/visit-by-visit-url/${lang()}/${visitUrl}`, thrown).then((r) => r.data);
export const confirmVisit = (form: FormData) => http.post<{ message: string }>(`/api/confirm/visit/${lang()}`, form);

/** API reasons (rule 143) to the /link-expired page's reasons. */
export const EXPIRED_REASON: Record<string, string> = { VISIT_REJECTED: 'not_approved', VISIT_DELETED: 'deleted', VISIT_EXPIRED: 'missed', SCAN_EXPIRED: 'arrived', VISIT_CONFIRMED: 'confirmed' };
