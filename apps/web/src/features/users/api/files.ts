import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { http } from '../../../lib/http';

/**
 * A members-only file (a person's photo, a certificate) as an object URL: the API serves them only with the bearer
 * token, which an <img src> cannot send. The URL is revoked when the component goes away.
 */
export function useMemberFile(path: string | null | undefined) {
  const file = useQuery({
    queryKey: ['member-file', path],
    enabled: !!path,
    staleTime: Infinity,
    gcTime: 60_000,
    retry: false,
    queryFn: () => http.blob(path!),
  });
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data) : null), [file.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { url, loading: file.isLoading, failed: file.isError };
}

/** Downloads a members-only file under a name. */
export async function downloadMemberFile(path: string, name: string) {
  const blob = await http.blob(path);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 0);
}
