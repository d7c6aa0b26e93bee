import { useParams, useSearchParams } from 'react-router';

/**
 * The integration a sub-page is about (`?id=` or the `:integId` of its address), or null. A sub-page opened
 * without one (typed, or reached from `/`) has nothing to show and sends the user to /integration (rule 17).
 */
export function useIntegrationId(): number | null {
  const [search] = useSearchParams();
  const params = useParams();
  const raw = params.integId ?? search.get('id');
  const id = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return id > 0 ? id : null;
}
