import { translate, zMusterPoints, zMusterPointsBody, zMusterPointsSaved, zSafetyAnswerBody, zSafetyLinkAnswered, zSafetyLinkInfo, zSafetyTokenParam, zSiteIdParam } from '@gatehouse/contract';
import { linkData } from '../../platform/auth/link-caller';
import { defineRoutes } from '../../platform/http/route';
import { SAFETY_LINK } from './link-kinds';
import { reachableSite } from '../sites/index';
import { listMusterPoints, saveMusterPoints } from './muster-points';
import { answerSafetyLink, presentLink, resolveSafetyLink } from './safety-link';

/** The public single-use safety link (a person answers once) and the sites' muster points. */
export default defineRoutes((r, services) => {
  // A link is a 32-character random token; limit guessing per address.
  const limited = { max: 30, timeWindow: 60_000 };
  const link = { kinds: [SAFETY_LINK], in: 'params', name: 'token' } as const;

  r.route({
    method: 'GET',
    url: '/api/emergency_link/{token}',
    summary: 'What a single-use safety link is about: first name, session, organisation, open / used / ended',
    tags: ['emergency'],
    access: 'link',
    link,
    rateLimit: limited,
    params: zSafetyTokenParam,
    response: zSafetyLinkInfo,
    handler: async ({ link: l }) => ({ data: presentLink(linkData(l, SAFETY_LINK)!) }),
  });

  r.route({
    method: 'POST',
    url: '/api/emergency_link/{token}',
    summary: 'Answer a safety link once: { answer: safe | needs_help } marks the person (410 once used or ended)',
    tags: ['emergency'],
    access: 'link',
    link,
    rateLimit: limited,
    params: zSafetyTokenParam,
    body: zSafetyAnswerBody,
    response: zSafetyLinkAnswered,
    handler: async ({ link: l, params, body }) => {
      await answerSafetyLink(services, linkData(l, SAFETY_LINK)!, body.answer);
      const after = await resolveSafetyLink(services, params.token);
      const data = presentLink(after);
      return { message: translate(data.lang, 'emergency.answer_thanks'), data };
    },
  });

  r.route({
    method: 'GET',
    url: '/api/muster_points/{siteId}',
    summary: "A site's assembly (muster) points",
    tags: ['emergency', 'sites'],
    permission: ['sites_devices', 'emergency', 'show_emergency_sessions', 'show_emergency_list'],
    params: zSiteIdParam,
    response: zMusterPoints,
    handler: ({ actor, params, tenant }) =>
      tenant(async (tx) => {
        const site = await reachableSite(tx, actor, params.siteId);
        return { data: await listMusterPoints(tx, actor.entityId, [site.id]) };
      }),
  });

  r.route({
    method: 'PUT',
    url: '/api/muster_points/{siteId}',
    summary: "Replace a site's assembly points (chosen on the site's page): { muster_points: [{ id?, name }] }",
    tags: ['emergency', 'sites'],
    permission: 'sites_devices',
    params: zSiteIdParam,
    body: zMusterPointsBody,
    response: zMusterPointsSaved,
    handler: ({ actor, params, body, tenant, t }) =>
      tenant(async (tx) => {
        const site = await reachableSite(tx, actor, params.siteId);
        return { message: t('emergency.muster_saved'), data: await saveMusterPoints(tx, actor.entityId, site.id, body.muster_points) };
      }),
  });
});
