import { LANGUAGES, translate, zEmergencyReport, zIdParam, zLang } from '@gatehouse/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { emergencySessionSites, sites } from '../../db/schema/index';
import { defineRoutes } from '../../platform/http/route';
import { loadReport } from './report';
import { reportPdf } from './report-pdf';
import { scopeOf } from './scope';

const SEE = ['emergency', 'show_emergency_sessions', 'show_emergency_list'] as const;
const LABELS = ['drill', 'started', 'ended', 'by', 'method_manual', 'method_fire_alarm', 'still_running', 'sites', 'accounted', 'not_all_accounted', 'total', 'safe', 'needs_help', 'not_on_site', 'unaccounted', 'left', 'people', 'timeline', 'left_at', 'joined_at', 'kind_started', 'kind_ended', 'kind_joined', 'kind_left', 'kind_message', 'kind_mark'];

/** A session's report: the page's data and its PDF (issue 17 part 4). */
export default defineRoutes((r) => {
  r.route({
    method: 'GET',
    url: '/api/emergency_report/{id}',
    summary: "A session's report: start, end, who and how, time until everyone was accounted for, statuses and the timeline",
    tags: ['emergency'],
    permission: [...SEE],
    params: zIdParam,
    response: zEmergencyReport,
    handler: ({ actor, params, tenant }) => tenant(async (tx) => ({ data: await loadReport(tx, actor, await scopeOf(tx, actor), params.id) })),
  });

  r.route({
    method: 'GET',
    url: '/api/emergency_report/{id}/pdf',
    summary: "A session's report as a PDF (in the caller's language, or `lang`; Arabic right to left)",
    tags: ['emergency'],
    permission: [...SEE],
    params: zIdParam,
    query: z.object({ lang: zLang.optional() }),
    raw: true,
    produces: ['application/pdf'],
    handler: async ({ actor, params, query, tenant, reply, lang: callerLang }) => {
      const lang = query.lang && LANGUAGES.includes(query.lang) ? query.lang : callerLang;
      const { report, timeZone } = await tenant(async (tx) => {
        const data = await loadReport(tx, actor, await scopeOf(tx, actor), params.id);
        const [first] = await tx
          .select({ tz: sites.timezone })
          .from(emergencySessionSites)
          .innerJoin(sites, eq(sites.id, emergencySessionSites.siteId))
          .where(and(eq(emergencySessionSites.entityId, actor.entityId), eq(emergencySessionSites.sessionId, params.id)))
          .limit(1);
        return { report: data, timeZone: first?.tz ?? 'UTC' };
      });
      const labels = Object.fromEntries(LABELS.map((k) => [k, translate(lang, `emergency.report.${k}`)]));
      // Rule 121: DD/MM/YYYY, in the site's time zone.
      const fmt = new Intl.DateTimeFormat('en-GB', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
      const pdf = await reportPdf(report, lang, labels, (iso) => (iso ? fmt.format(new Date(iso)).replace(',', '') : '—'));
      const file = `emergency-${report.id}.pdf`;
      return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${file}"`).send(pdf);
    },
  });
});
