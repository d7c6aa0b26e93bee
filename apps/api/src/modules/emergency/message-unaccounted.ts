import { translate, type Language } from '@gatehouse/contract';
import { sql } from 'drizzle-orm';
import { emergencyEvents, emergencyLinks, type emergencySessions } from '../../db/schema/index';
import { newToken } from '../../platform/auth/tokens';
import { type Db, rowsOf } from '../../platform/db/client';
import { jobsIn } from '../../platform/jobs';
import { composeMail, made } from '../../platform/mail';
import type { Services } from '../../platform/services';
import type { EmergencyScope } from './scope';
import { sendSms, SMS_JOB, smsAvailable } from './sms-gateway';

const ids = (list: number[]) => sql.join(list.map((i) => sql`${i}`), sql`, `);

/**
 * Sends everyone still unaccounted on site (whom the member may see) a message with a single-use link on which
 * they answer "I'm safe" or "I need help": by mail, and by SMS where a gateway is configured and they have a
 * phone. Links are stored hashed; mails and SMS are queued in this transaction (sent only if it commits).
 */
export async function messageUnaccounted(
  tx: Db,
  services: Services,
  opts: { entityId: number; entityName: string; session: typeof emergencySessions.$inferSelect; scope: EmergencyScope; channels: ('mail' | 'sms')[]; note?: string; by: { userId: number; name: string } },
) {
  const { entityId, session, scope } = opts;
  const conds = [sql`p.entity_id = ${entityId}`, sql`p.session_id = ${session.id}`, sql`p.presence = 'on_site'`, sql`p.status = 'unaccounted'`];
  if (scope.sites) conds.push(scope.sites.length ? sql`p.site_id in (${ids(scope.sites)})` : sql`false`);
  if (scope.types) conds.push(scope.types.length ? sql`(p.user_type_id is null or p.user_type_id in (${ids(scope.types)}))` : sql`p.user_type_id is null`);
  const people = rowsOf<{ user_id: number; first_name: string; email: string | null; phone: string | null; phone_code: string | null; lang: Language }>(
    await tx.execute(sql`select p.user_id, u.first_name, u.email, u.phone, u.phone_code, u.lang from emergency_people p join users u on u.id = p.user_id
      where ${sql.join(conds, sql` and `)} order by p.user_id`),
  );
  const wantMail = opts.channels.includes('mail');
  const wantSms = opts.channels.includes('sms') && smsAvailable(services.config);
  let mail = 0;
  let sms = 0;
  let unreachable = 0;
  let reached = 0;
  for (const p of people) {
    const byMail = wantMail && !!p.email;
    const bySms = wantSms && !!p.phone;
    if (!byMail && !bySms) {
      unreachable++;
      continue;
    }
    reached++;
    const { token, hash } = newToken(24);
    await tx.insert(emergencyLinks).values({ entityId, sessionId: session.id, userId: p.user_id, tokenHash: hash, channel: byMail ? 'mail' : 'sms', sentBy: opts.by.userId });
    const link = `${services.config.publicUrl}/safe/${token}`;
    const vars = { organisation: opts.entityName, session: session.name, link, note: opts.note ?? '' };
    if (byMail) {
      await services.mail.queue({ to: p.email!, ...composeMail(p.lang, { subject: 'emergency.mail_subject', body: 'emergency.mail_text' }, { ...vars, link: made(link) }) }, { tx });
      mail++;
    }
    if (bySms) {
      const to = p.phone_code ? `+${p.phone_code.replace(/\D/g, '')}${p.phone}` : p.phone!;
      const message = { to, text: translate(p.lang, 'emergency.sms_text', vars) };
      // Queued with the transaction (sent only if it commits); without a running queue, sent at once as mail is.
      if (services.jobs.started) await services.jobs.send(SMS_JOB, message, { retryLimit: 5, retryBackoff: true, db: jobsIn(tx) });
      else await sendSms(services.config, message);
      sms++;
    }
  }
  await tx.insert(emergencyEvents).values({
    entityId,
    sessionId: session.id,
    kind: 'message',
    actorUserId: opts.by.userId,
    actorName: opts.by.name,
    source: 'warden',
    detail: { mail, sms, unreachable, channels: opts.channels },
  });
  return { people: reached, mail, sms, unreachable, sms_available: smsAvailable(services.config) ? (1 as const) : (0 as const) };
}
