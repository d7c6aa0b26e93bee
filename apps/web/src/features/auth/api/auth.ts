import type { Session } from '@gatehouse/contract';
import { http } from '../../../lib/http';

export const login = (body: { email: string; password: string; otp?: string }) => http.post<{ data: Session }>('/api/login', body).then((r) => r.data);
export const forgotPassword = (email: string, lang: string) => http.post<{ message: string }>('/api/forgot-password', { email, lang });
export const resetPassword = (token: string, password: string) => http.post<{ message: string }>('/api/reset-password', { token, password });
export const logout = () => http.get<{ message: string }>('/api/logout');

/** After login: the `next` page when it is a safe in-app path, else Cloud to /, Standalone to /sites (rule 21). */
export function afterLoginPath(next: string | null, home: string): string {
  if (next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') && !next.startsWith('/logout')) return next;
  return home;
}
