import type { LinkKind } from '../../platform/auth/link-caller';
import { findLink } from './compliance-link';

type ComplianceLink = NonNullable<Awaited<ReturnType<typeof findLink>>>;

/**
 * An online-compliance link (`/compliance/{visitCode}`), for `access: 'link'` routes: unknown 404 before the
 * handler; a used or expired one is answered by the route with its reason (rules 144-148: the GET shows why, the
 * answer refuses it in the link's locked transaction).
 */
export const ONLINE_COMPLIANCE_LINK: LinkKind<ComplianceLink> = {
  name: 'online-compliance',
  async resolve(services, token) {
    if (token.length < 20 || token.length > 200) return null;
    const link = await findLink(services.database.db, token);
    return link ? { entityId: link.entityId, data: link } : null;
  },
};
