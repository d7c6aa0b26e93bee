import type { LinkKind } from '../../platform/auth/link-caller';
import { resolveSafetyLink } from './safety-link';

type SafetyLink = Awaited<ReturnType<typeof resolveSafetyLink>>;

/**
 * A person's single-use safety link of an emergency session, for `access: 'link'` routes: unknown 404 before the
 * handler; a used or ended one is shown as such, and answering it again is refused (410) by the route.
 */
export const SAFETY_LINK: LinkKind<SafetyLink> = {
  name: 'emergency',
  async resolve(services, token) {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const link = await resolveSafetyLink(services, token);
    return { entityId: link.link.entityId, data: link };
  },
};
