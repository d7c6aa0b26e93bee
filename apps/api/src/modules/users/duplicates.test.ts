import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { customFields, customFieldValues, scans, sections, userDocuments, userLabels, userTypes, users, visits } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createOrg, createPowerless, type Org } from '../../../test/factories';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());
const db = () => h.services.database.db;

async function setup(org: Org) {
  const [t] = await withTenant(db(), org.entityId, (tx) => tx.insert(userTypes).values({ entityId: org.entityId, name: 'Visitor' }).returning());
  const mk = async (body: Record<string, unknown>) => (await api(h.app, org.token).post('/api/users', { user_type_id: t.id, ...body })).body.data.id as number;
  return { typeId: t.id, mk };
}

describe('duplicates', () => {
  it('finds pairs by e-mail, phone, ID and similar names, each pair once', async () => {
    const org = await createOrg(h);
    const { mk } = await setup(org);
    const a = await mk({ first_name: 'Jonathan', last_name: 'Smith', email: 'jon@x.test' });
    const b = await mk({ first_name: 'Jonathon', last_name: 'Smith', phone: '5551234' });
    const c = await mk({ first_name: 'Maria', last_name: 'Lopez', phone: '07700900123', id_number: 'P-77' });
    const d = await mk({ first_name: 'Unrelated', last_name: 'Person', phone: '447700900123' });
    const e = await mk({ first_name: 'Kofi', last_name: 'Mensah', email: 'kofi.mensah+work@x.test' });
    const f = await mk({ first_name: 'Abena', last_name: 'Owusu', email: 'kofimensah@x.test', id_number: 'p77' });
    const res = await api(h.app, org.token).get(`/api/get_users_duplicate/${org.entityId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const pairs = res.body.data.map((p: { user: { id: number }; duplicate: { id: number }; reasons: string[] }) => [p.user.id, p.duplicate.id, p.reasons]);
    expect(pairs).toContainEqual([a, b, ['name']]);
    expect(pairs).toContainEqual([c, d, ['phone']]);
    expect(pairs).toContainEqual([e, f, ['email']]);
    expect(pairs).toContainEqual([c, f, ['id_number']]);
    expect(res.body.count).toBe(4);
    const byPhone = await api(h.app, org.token).get(`/api/get_users_duplicate/${org.entityId}?filterBy=${encodeURIComponent('{"reason":"phone"}')}`);
    expect(byPhone.body.count).toBe(1);
    expect((await api(h.app, (await createOrg(h)).token).get(`/api/get_users_duplicate/${org.entityId}`)).status).toBe(404);
    expect((await api(h.app, (await createPowerless(h, org)).token).get(`/api/get_users_duplicate/${org.entityId}`)).status).toBe(403);
    expect((await api(h.app).get(`/api/get_users_duplicate/${org.entityId}`)).status).toBe(401);
  });
});

/**
 * The definition by comparing every pair (before issue 15), with names also compared by their skeleton (vowels
 * inside words dropped, doubled letters single: users.dup_name_key): the reference the kept pairs must match.
 */
async function oldDefinition(entityId: number) {
  const res = await withTenant(db(), entityId, async (tx) => {
    await tx.execute(sql`select set_limit(0.6)`);
    return tx.execute(sql`
      with p as (
        select id, lower(first_name || ' ' || last_name) as name, regexp_replace(regexp_replace(lower(first_name || ' ' || last_name), '\\Y[aeiouy]+', '', 'g'), '(.)\\1+', '\\1', 'g') as skeleton,
          case when email is null then null else regexp_replace(split_part(lower(email), '@', 1), '([+].*$)|[.]', '', 'g') || '@' || split_part(lower(email), '@', 2) end as email,
          case when length(phone) >= 9 then right(phone, 9) else phone end as phone,
          nullif(regexp_replace(lower(id_number), '[^a-z0-9]', '', 'g'), '') as id_number
        from users where entity_id = ${entityId} and status = 'active'),
      pairs as (
        select a.id as a, b.id as b, 'email' as reason from p a join p b on a.email = b.email and a.id < b.id
        union all select a.id, b.id, 'phone' from p a join p b on a.phone = b.phone and a.id < b.id
        union all select a.id, b.id, 'id_number' from p a join p b on a.id_number = b.id_number and a.id < b.id
        union all select a.id, b.id, 'name' from p a join p b on (a.name % b.name or a.skeleton % b.skeleton) and a.id < b.id)
      select a, b, array_agg(distinct reason order by reason) as reasons from pairs group by a, b`);
  });
  return (res as unknown as { rows: { a: number; b: number; reasons: string[] }[] }).rows.map((r) => `${r.a}-${r.b}:${r.reasons.join(',')}`).sort();
}

async function boardPairs(org: Org, reason?: string) {
  const out: string[] = [];
  for (let page = 1; ; page++) {
    const filter = reason ? `&filterBy=${encodeURIComponent(JSON.stringify({ reason }))}` : '';
    const res = await api(h.app, org.token).get(`/api/get_users_duplicate/${org.entityId}?limit=100&page=${page}${filter}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    out.push(...res.body.data.map((p: { user: { id: number }; duplicate: { id: number }; reasons: string[] }) => `${p.user.id}-${p.duplicate.id}:${p.reasons.join(',')}`));
    if (page * 100 >= res.body.count) {
      expect(out.length).toBe(res.body.count);
      return out.sort();
    }
  }
}

describe('duplicates: the reference definition (issue 15 part 1)', () => {
  it('the board finds the same pairs as comparing every pair of names, after adds, renames, archiving and deletion', async () => {
    const org = await createOrg(h);
    const { mk } = await setup(org);
    const first = ['Jonathan', 'Jonathon', 'Jon', 'Maria', 'Mariah', 'Marie', 'Mohammed', 'Muhammad', 'Mohamed', 'Ana', 'Anna', 'Hannah'];
    const last = ['Smith', 'Smyth', 'Garcia', 'Garcias', 'Haddad', 'Hadad'];
    const ids: number[] = [];
    for (let i = 0; i < 36; i++) {
      // Keys unique as typed, the same once normalised (dots and +tags, the last 9 digits, case and punctuation).
      const extra =
        i % 7 === 0 ? { email: `shared.${i % 3}+${i}@example.test` } : i % 5 === 0 ? { phone: `${i}770090012${i % 2}` } : i % 11 === 0 ? { id_number: `${i % 2 ? 'ID-1' : 'id0'}${'.'.repeat(i % 3)}` } : {};
      ids.push(await mk({ first_name: first[i % first.length], last_name: last[(i * 5) % last.length], ...extra }));
    }
    await mk({ first_name: 'Jonathan', last_name: 'Smith', email: 'shared0@example.test', phone: '997700900120', id_number: 'id0' });
    const expected = await oldDefinition(org.entityId);
    expect(expected.length).toBeGreaterThan(30);
    expect(await boardPairs(org)).toEqual(expected);
    for (const reason of ['name', 'email', 'phone', 'id_number']) {
      expect(await boardPairs(org, reason)).toEqual(expected.filter((p) => p.split(':')[1]!.split(',').includes(reason)).map((p) => `${p.split(':')[0]}:${reason}`));
    }

    // A rename moves the person's pairs; an archived person leaves the board; a deleted one leaves the kept pairs.
    await withTenant(db(), org.entityId, (tx) => tx.update(users).set({ firstName: 'Zebedee', lastName: 'Quartermaine' }).where(eq(users.id, ids[0]!)));
    await withTenant(db(), org.entityId, (tx) => tx.update(users).set({ firstName: 'Maria' }).where(eq(users.id, ids[1]!)));
    await withTenant(db(), org.entityId, (tx) => tx.update(users).set({ status: 'archived' }).where(eq(users.id, ids[2]!)));
    await withTenant(db(), org.entityId, (tx) => tx.delete(users).where(eq(users.id, ids[3]!)));
    expect(await boardPairs(org)).toEqual(await oldDefinition(org.entityId));
  });
});

describe('duplicates: the background comparison (issue 15 part 1)', () => {
  it('with the job queue on, people written in bulk are compared in the background until none is left', async () => {
    const org = await createOrg(h);
    const { typeId } = await setup(org);
    // More than the board compares itself, written as an import or a sync writes them (straight to the table).
    await db().execute(sql`insert into users (entity_id, first_name, last_name, user_type_id)
      select ${org.entityId}, 'Imported', case when i = 1 then 'Haddad' when i = 2 then 'Hadad' else md5(i::text) end, ${typeId} from generate_series(1, 120) i`);
    const page = async () => (await api(h.app, org.token).get(`/api/get_users_duplicate/${org.entityId}?filterBy=${encodeURIComponent('{"reason":"name"}')}`)).body;
    expect((await page()).names_pending).toBeGreaterThan(50);
    const deadline = Date.now() + 30_000;
    let last = await page();
    while (last.names_pending > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      last = await page();
    }
    expect(last.names_pending).toBe(0);
    expect(last.data.map((p: { user: { last_name: string }; duplicate: { last_name: string } }) => [p.user.last_name, p.duplicate.last_name])).toContainEqual(['Haddad', 'Hadad']);
  });
});

describe('duplicates: the keys the database keeps (issue 15 part 1)', () => {
  it('normalises e-mail, phone and ID in indexed columns that the same-key join reads', async () => {
    const org = await createOrg(h);
    const { mk } = await setup(org);
    const id = await mk({ first_name: 'Kofi', last_name: 'Mensah', email: 'Kofi.Mensah+work@X.test', phone: '447700900123', id_number: 'P-77.a' });
    const short = await mk({ first_name: 'Abena', last_name: 'Owusu', phone: '5551234' });
    const keys = await withTenant(db(), org.entityId, (tx) =>
      tx.select({ id: users.id, email: users.dupEmail, phone: users.dupPhone, idNumber: users.dupIdNumber }).from(users).where(inArray(users.id, [id, short])),
    );
    expect(keys.sort((x, y) => x.id - y.id)).toEqual([
      { id, email: 'kofimensah@x.test', phone: '700900123', idNumber: 'p77a' },
      { id: short, email: null, phone: '5551234', idNumber: null },
    ]);
    // The board's same-key join is answered from each key's index (its partial predicate matches the query).
    for (const key of ['dup_email', 'dup_phone', 'dup_id_number']) {
      const plan = await withTenant(db(), org.entityId, async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql`explain select a.id, b.id from users a join users b on b.entity_id = ${org.entityId} and b.status = 'active' and b.${sql.raw(key)} = a.${sql.raw(key)} and b.id > a.id
          where a.entity_id = ${org.entityId} and a.status = 'active' and a.${sql.raw(key)} is not null`);
      });
      expect(JSON.stringify((plan as unknown as { rows: unknown[] }).rows)).toContain(`users_${key}_idx`);
    }
  });
});

describe('merge_user', () => {
  it("rule 180: 'Please select a user' when none is chosen; nothing changes", async () => {
    const org = await createOrg(h);
    const { mk } = await setup(org);
    const a = await mk({ first_name: 'Solo', last_name: 'Person' });
    const res = await api(h.app, org.token).post('/api/merge_user', { keep_user_id: a });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please select a user');
    expect((await api(h.app, org.token).get(`/api/user/${a}`)).status).toBe(200);
    const other = await createOrg(h);
    expect((await api(h.app, other.token).post('/api/merge_user', { keep_user_id: a, merge_user_id: org.userId })).status).toBe(404);
  });

  it('keeps every visit, scan, document, label and custom-field value of both people', async () => {
    const org = await createOrg(h);
    const { mk } = await setup(org);
    const e = org.entityId;
    const [sec] = await withTenant(db(), e, (tx) => tx.insert(sections).values({ entityId: e, value: 'Details' }).returning());
    const [car, diet, shoe] = await withTenant(db(), e, (tx) =>
      tx.insert(customFields).values([{ entityId: e, sectionId: sec.id, name: 'Car plate', type: 'text' }, { entityId: e, sectionId: sec.id, name: 'Diet', type: 'text' }, { entityId: e, sectionId: sec.id, name: 'Shoe size', type: 'number' }]).returning(),
    );
    const keep = await mk({ first_name: 'Jon', last_name: 'Smith', email: 'jon@x.test', labels: ['Parent'], custom_fields: [{ custom_field_id: car.id, value: 'AB-123' }, { custom_field_id: shoe.id, value: '42' }] });
    const drop = await mk({ first_name: 'Jonathan', last_name: 'Smith', phone: '5551234', id_number: 'P-1', labels: ['Volunteer', 'Parent'], custom_fields: [{ custom_field_id: diet.id, value: 'Vegan' }, { custom_field_id: shoe.id, value: '43' }] });
    await withTenant(db(), e, async (tx) => {
      for (const uid of [keep, drop]) {
        const [v] = await tx.insert(visits).values({ entityId: e, userId: uid, status: 'signed_out' }).returning();
        await tx.insert(scans).values([{ entityId: e, visitId: v.id, userId: uid, direction: 'in', method: 'kiosk' }, { entityId: e, visitId: v.id, userId: uid, direction: 'out', method: 'kiosk' }]);
        await tx.insert(userDocuments).values({ entityId: e, userId: uid, type: 'covid_vaccine', vaccineName: `Dose for ${uid}` });
      }
      await tx.insert(visits).values({ entityId: e, userId: keep, hostUserId: drop, status: 'expected' });
    });
    const res = await api(h.app, org.token).post('/api/merge_user', { keep_user_id: keep, merge_user_id: drop });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Merged User');
    expect(res.body.data).toMatchObject({ id: keep, email: 'jon@x.test', phone: '5551234', id_number: 'P-1' });
    await withTenant(db(), e, async (tx) => {
      expect(await tx.select().from(users).where(eq(users.id, drop))).toHaveLength(0);
      expect(await tx.select().from(visits).where(eq(visits.userId, keep))).toHaveLength(3);
      expect((await tx.select().from(visits).where(eq(visits.hostUserId, keep))).length).toBe(1);
      expect(await tx.select().from(scans).where(eq(scans.userId, keep))).toHaveLength(4);
      expect(await tx.select().from(userDocuments).where(eq(userDocuments.userId, keep))).toHaveLength(2);
      expect(await tx.select().from(userLabels).where(eq(userLabels.userId, keep))).toHaveLength(2);
      const values = await tx.select().from(customFieldValues).where(inArray(customFieldValues.userId, [keep, drop]));
      expect(Object.fromEntries(values.map((v) => [v.customFieldId, [v.userId, v.value]]))).toEqual({ [car.id]: [keep, 'AB-123'], [diet.id]: [keep, 'Vegan'], [shoe.id]: [keep, '42'] });
    });
    // The conflicting value ('43') is kept in the audit entry.
    const audit = await withTenant(db(), e, (tx) => tx.execute(`select changes from audit_log where action = 'merge'` as never));
    expect(JSON.stringify((audit as unknown as { rows: unknown[] }).rows)).toContain('"value":"43"');
  });
});
