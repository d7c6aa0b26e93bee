/**
 * What the kiosk benchmark adds to the sign-in seed (lib/signin.ts): a journey with a flow for each user type, 100
 * kiosks paired with their own device tokens (two per area), an RFID card for every staff member and pupil, and an
 * expected visit today with a host for every visitor, whose QR code (the confirmation link) the kiosk reads. The
 * areas sign out at midnight, so that each sign-in queues its auto sign-out job, and visitors' hosts are mailed.
 */
import type { Database } from '../../apps/api/src/platform/db/client';

export const KIOSKS = 100;
/** A kiosk's device token, derived from the organisation so that a later run finds it again. */
export const deviceTokenOf = (entityId: number, i: number) => `ghk_bench${entityId}k${String(i).padStart(3, '0')}`;
/** A visitor's confirmation-link token (the QR code of their mail), derived from their id. */
const visitTokenSql = `'benchvisit' || lpad(u.id::text, 12, '0')`;
const sha256Sql = (text: string) => `encode(sha256(convert_to(${text}, 'UTF8')), 'hex')`;

type Q = <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;
const query = (database: Database): Q => async (text, values = []) => (await database.sql.query(text, values)).rows as never;

export async function seedKiosks(database: Database, entityId: number) {
  const q = query(database);
  const e = entityId;
  const areas = await q<{ id: number; site_id: number }>(`select id, site_id from areas where entity_id = $1 order by id`, [e]);
  await q(`update areas set auto_sign_out_mode = 'midnight' where entity_id = $1`, [e]);
  const [journey] = await q<{ id: number }>(`insert into journeys (entity_id, name) values ($1, 'Bench gate') returning id`, [e]);
  await q(`update areas set journey_id = $2 where entity_id = $1`, [e, journey.id]);
  await q(
    `insert into journey_flows (entity_id, journey_id, user_type_id, name, input_method)
     select $1, $2, t.id, t.name, case when t.name = 'Visitor' then 'qr' else 'rfid' end from user_types t where t.entity_id = $1`,
    [e, journey.id],
  );
  for (let i = 0; i < KIOSKS; i++) {
    const area = areas[i % areas.length];
    await q(
      `insert into kiosks (entity_id, site_id, area_id, name, device_token_hash) values ($1, $2, $3, $4, ${sha256Sql('$5::text')})`,
      [e, area.site_id, area.id, `Gate ${i + 1}`, deviceTokenOf(e, i)],
    );
  }
  // Staff and pupils carry a card; visitors come with the QR code of their expected visit, hosted by a staff member.
  await q(`update users u set rfid = 'RF' || u.id from user_types t where u.entity_id = $1 and t.id = u.user_type_id and t.name <> 'Visitor' and u.email like 'person%'`, [e]);
  await expectVisitors(q, e);
  await database.sql.exec('vacuum analyze users');
  await database.sql.exec('vacuum analyze visits');
  await database.sql.exec('analyze kiosks');
}

/** An expected visit today, hosted by a staff member, for every visitor who has none (the QR code their mail holds). */
async function expectVisitors(q: Q, e: number) {
  const areas = await q<{ id: number }>(`select id from areas where entity_id = $1 order by id`, [e]);
  const [host] = await q<{ id: number }>(
    `select u.id from users u join user_types t on t.id = u.user_type_id where u.entity_id = $1 and t.name = 'Staff' order by u.id limit 1`,
    [e],
  );
  await q(
    `insert into visits (entity_id, user_id, site_id, area_id, user_type_id, host_user_id, status, expected_at, link_token_hash, notes)
     select $1, u.id, a.site_id, a.id, u.user_type_id, $3, 'expected', now(), ${sha256Sql(visitTokenSql)}, 'bench_expected'
     from users u join user_types t on t.id = u.user_type_id and t.name = 'Visitor'
     cross join lateral (select (($2::int[])[1 + u.id % cardinality($2::int[])]) as area_id) pick
     join areas a on a.id = pick.area_id
     where u.entity_id = $1 and u.email like 'person%'
       and not exists (select 1 from visits x where x.entity_id = $1 and x.user_id = u.id and x.notes = 'bench_expected')`,
    [e, areas.map((a) => a.id), host.id],
  );
}

/**
 * Every run starts from the seeded state: the visits and scans earlier runs made go, the expected visits are
 * expected again (today), and the queued jobs of earlier runs are dropped.
 */
export async function resetKiosks(database: Database, entityId: number) {
  const q = query(database);
  await q(`delete from scans where entity_id = $1 and idempotency_key like 'bench-%'`, [entityId]);
  await q(`delete from visits where entity_id = $1 and sign_in_method is distinct from 'bench_seed' and notes is distinct from 'bench_expected'`, [entityId]);
  await q(
    `update visits set status = 'expected', expected_at = now(), signed_in_at = null, signed_out_at = null, kiosk_id = null, sign_in_method = null
     where entity_id = $1 and notes = 'bench_expected'`,
    [entityId],
  );
  await expectVisitors(q, entityId);
  await q(`delete from pgboss.job where name in ('mail.send', 'signin.auto-sign-out')`).catch(() => undefined);
  await database.sql.exec('vacuum analyze visits');
  await database.sql.exec('vacuum analyze scans');
}

/** One sign-in as the kiosk app sends it: which kiosk, and the body (`{{n}}` becomes the request's number). */
export interface KioskItem {
  k: number;
  body: Record<string, unknown>;
}

/**
 * The sign-ins the load sends, in order: one visitor's QR code (at a kiosk of their visit's area) for every two
 * RFID cards (at any kiosk), spread over the kiosks so that each stays within its own rate limit.
 */
export async function kioskItems(database: Database, entityId: number): Promise<{ tokens: string[]; items: KioskItem[] }> {
  const q = query(database);
  const kiosks = await q<{ area_id: number }>(`select area_id from kiosks where entity_id = $1 order by id`, [entityId]);
  const visitors = await q<{ token: string; area_id: number }>(
    `select ${visitTokenSql} as token, v.area_id from visits v join users u on u.id = v.user_id where v.entity_id = $1 and v.notes = 'bench_expected' order by v.id`,
    [entityId],
  );
  const cards = await q<{ rfid: string }>(`select rfid from users where entity_id = $1 and rfid like 'RF%' order by id`, [entityId]);
  const kiosksAt = new Map<number, number[]>();
  kiosks.forEach((k, i) => kiosksAt.set(k.area_id, [...(kiosksAt.get(k.area_id) ?? []), i]));
  const items: KioskItem[] = [];
  let v = 0;
  let c = 0;
  for (let n = 0; v < visitors.length || c < cards.length; n++) {
    if (n % 3 === 0 && v < visitors.length) {
      const visitor = visitors[v++];
      const at = kiosksAt.get(visitor.area_id)!;
      items.push({ k: at[n % at.length], body: { code: `https://gate.example/c/${visitor.token}`, input_method: 'qr', idempotency_key: 'bench-{{run}}-{{n}}' } });
    } else if (c < cards.length) {
      items.push({ k: n % KIOSKS, body: { rfid: cards[c++].rfid, input_method: 'rfid', idempotency_key: 'bench-{{run}}-{{n}}' } });
    }
  }
  return { tokens: kiosks.map((_, i) => deviceTokenOf(entityId, i)), items };
}
