import type { z } from 'zod';
import type { ExpectedVisitRow, zHost, zHostSettings, zPreRegField, zPreRegistered, zPreRegSection, zPreRegSections, zPreRegSettings, zPreRegUserType, zUserTypeCheckResult, zVisitMetadata } from '@gatehouse/contract';
import { http } from '../../../lib/http';
import { savedLanguage } from '../../../lib/i18n';

export type PreRegSettings = z.infer<typeof zPreRegSettings>;
export type PreRegUserType = z.infer<typeof zPreRegUserType>;
export type HostSettings = z.infer<typeof zHostSettings>;
export type Host = z.infer<typeof zHost>;
export type VisitMetadata = z.infer<typeof zVisitMetadata>;
export type UserTypeCheck = z.infer<typeof zUserTypeCheckResult>;
export type PreRegField = z.infer<typeof zPreRegField>;
export type PreRegSection = z.infer<typeof zPreRegSection>;

const lang = () => savedLanguage();
/** Public pages handle 404 and conflicts themselves (a message on the page, not a toast). */
const own = { notFound: 'throw' as const, quiet: true };

export const getLinkSettings = (code: string, userTypeId?: number) =>
  http.get<{ data: PreRegSettings }>(`/api/check_image_qr_compliance_status_in_pre_registration/${lang()}/${code}`, { ...own, query: { user_type_id: userTypeId } }).then((r) => r.data);
export const getUserTypes = (code: string) => http.get<{ data: PreRegUserType[] }>(`/api/get_pre_registration_user_type/${lang()}/${code}`, own).then((r) => r.data);
export const getPreRegFields = (code: string, userTypeId: number) =>
  http.get<z.output<typeof zPreRegSections>>(`/api/get_custom_fields_to_expected_visit/${lang()}`, { ...own, query: { link: code, user_type_id: userTypeId } }).then((r) => r.data);
export const checkUserEntity = (body: { journey_flow_id: string; user_type_id: number; email?: string; phone?: string }) =>
  http.post<{ data: UserTypeCheck }>(`/api/check_user_entity/${lang()}`, body, own).then((r) => r.data);
export const getHostSettings = (code: string, userTypeId: number) => http.get<{ data: HostSettings }>(`/api/hosts/settings/${code}/${userTypeId}`, own).then((r) => r.data);
export const searchHosts = (code: string, userTypeId: number, search: string) =>
  http.post<{ data: Host[] }>('/api/hosts/search', { journey_flow_id: code, user_type_id: userTypeId, search }, own).then((r) => r.data);
export const validateVisit = (body: Record<string, unknown>) => http.post<{ message: string }>(`/api/validate-expected-visit/${lang()}`, body, own);
export const createVisit = (form: FormData) =>
  http.post<z.output<typeof zPreRegistered>>(`/api/create-expected-visit/${lang()}`, form, own);
export const getVisitByUrl = (visitUrl: string) => http.get<{ data: VisitMetadata }>(`/api/visit-by-visit-url/${lang()}/${visitUrl}`, own).then((r) => r.data);
export const confirmVisit = (form: FormData) => http.post<{ message: string }>(`/api/confirm/visit/${lang()}`, form, own);
/** Rule 141: a signed-in passport holder confirms their own visit through the passport call. */
export const confirmVisitAsPassport = (form: FormData) => http.post<{ message: string }>('/api/visit/confirm', form, own);
export const getApproval = (token: string) => http.get<{ data: ExpectedVisitRow }>(`/api/visit-approval/${lang()}/${token}`, own).then((r) => r.data);
export const decideApproval = (token: string, action: 'approve' | 'reject') => http.post<{ message: string }>(`/api/visit-approval/${lang()}/${token}`, { action }, own);
