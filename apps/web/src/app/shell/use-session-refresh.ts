import { useEffect } from 'react';
import { refreshSession } from '../../lib/refresh-session';

/** Once per console load, the stored session is brought up to date with the server. */
export function useSessionRefresh() {
  useEffect(() => {
    refreshSession().catch(() => undefined);
  }, []);
}
