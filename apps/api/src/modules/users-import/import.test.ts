import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { importTasks, userTypes, users } from '../../db/schema/index';
import { withTenant } from '../../platform/db/tenant';
import { api, buildTestApp, type TestApp } from '../../../test/harness';
import { createMember, createOrg, createPowerless, type Org } from '../../../test/factories';
import { image, multipart } from '../users/testing';
import { processBatch } from './run-import';

let h: TestApp;
beforeAll(async () => {
  h = await buildTestApp();
});
afterAll(() => h.close());
const db = () => h.services.database.db;

async function xlsx(rows: (string | number)[][], header = ['first_name', 'last_name', 'email', 'phone', 'id_number', 'user_type', 'labels', 'photo']) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('People');
  ws.addRow(header);
  rows.forEach((r) => ws.addRow(r));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function zip(entries: Record<string, Buffer | string>, compression: 'STORE' | 'DEFLATE' = 'STORE') {
  const z = new JSZip();
  for (const [name, data] of Object.entries(entries)) z.file(name, data, { createFolders: false });
  return z.generateAsync({ type: 'nodebuffer', compression });
}
/** The ZIP with the named part's uncompressed size rewritten to `size` in its local and central headers. */
function declaring(zipped: Buffer, part: string, size: number) {
  const out = Buffer.from(zipped);
  for (const [signature, nameAt, sizeAt] of [[0x04034b50, 30, 22], [0x02014b50, 46, 24]] as const) {
    for (let i = out.indexOf(Buffer.from([0x50, 0x4b])); i >= 0; i = out.indexOf(Buffer.from([0x50, 0x4b]), i + 1)) {
      if (out.readUInt32LE(i) !== signature) continue;
      const nameLength = out.readUInt16LE(i + (signature === 0x04034b50 ? 26 : 28));
      if (out.toString('utf8', i + nameAt, i + nameAt + nameLength) === part) out.writeUInt32LE(size, i + sizeAt);
    }
  }
  return out;
}
async function upload(org: Org, file: Buffer | null, photos?: Buffer, name = 'people.xlsx') {
  const files: Record<string, { name: string; data: Buffer }> = {};
  if (file) files.file = { name, data: file };
  if (photos) files.photos = { name: 'photos.zip', data: photos };
  const m = multipart({}, files);
  const res = await h.app.inject({ method: 'POST', url: '/api/users/import', payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${org.token}` } });
  return { status: res.statusCode, body: res.json() };
}
async function orgWithTypes() {
  const org = await createOrg(h);
  await withTenant(db(), org.entityId, (tx) => tx.insert(userTypes).values([{ entityId: org.entityId, name: 'Staff' }, { entityId: org.entityId, name: 'Pupil' }]));
  return org;
}
const tasks = (org: Org) => withTenant(db(), org.entityId, (tx) => tx.select().from(importTasks).where(eq(importTasks.entityId, org.entityId)));
async function waitDone(org: Org, id: number) {
  for (let i = 0; i < 100; i++) {
    const t = (await api(h.app, org.token).get(`/api/users/import_task/${id}`)).body.data;
    if (t.status === 'done' || t.status === 'failed') return t;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('import did not finish');
}

describe('users import: hostile files are refused before anything is written', () => {
  it('the five cases for upload', async () => {
    const org = await orgWithTypes();
    const file = await xlsx([['Ada', 'Byron', '', '', '', 'Staff']]);
    const m = multipart({}, { file: { name: 'a.xlsx', data: file } });
    expect((await h.app.inject({ method: 'POST', url: '/api/users/import', payload: m.payload, headers: m.headers })).statusCode).toBe(401);
    const other = await createOrg(h);
    const m2 = multipart({ entity_id: String(org.entityId) }, { file: { name: 'a.xlsx', data: file } });
    expect((await h.app.inject({ method: 'POST', url: '/api/users/import', payload: m2.payload, headers: { ...m2.headers, authorization: `Bearer ${other.token}` } })).statusCode).toBe(404);
    const p = await createPowerless(h, org);
    expect((await h.app.inject({ method: 'POST', url: '/api/users/import', payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${p.token}` } })).statusCode).toBe(403);
    expect((await upload(org, file)).status).toBe(201);
    expect((await api(h.app, other.token).get(`/api/users/list_import_users/${org.entityId}/1`)).status).toBe(404);
  });

  it('rule 175: not an .xlsx, too large, a CSV renamed, an xlsx without names, a spreadsheet bomb', async () => {
    const org = await orgWithTypes();
    expect((await upload(org, Buffer.from('first_name,last_name\nA,B'), undefined, 'people.csv')).body.errors.file[0]).toBe('The spreadsheet must be an .xlsx file.');
    expect((await upload(org, Buffer.from('first_name,last_name\nA,B'), undefined, 'people.xlsx')).status).toBe(400);
    const big = await upload(org, Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    expect(big.status).toBe(413);
    expect(big.body.errors).toEqual({ file: ['The spreadsheet must be at most 2 MB.'] });
    // An oversized photos archive is blamed on the archive, not on the spreadsheet (issue 15 part 8).
    const bigZip = await upload(org, await xlsx([['Ana', 'Lopez']]), Buffer.alloc(50 * 1024 * 1024 + 10, 1));
    expect(bigZip.status).toBe(413);
    expect(bigZip.body.errors).toEqual({ photos: ['The photos archive must be at most 50 MB.'] });
    expect((await upload(org, await xlsx([['x']], ['name']))).body.message).toMatch(/first_name and last_name/);
    // A part whose header declares 100 MB is refused before anything is inflated (413); one that declares less
    // than it holds stops being inflated at its declared size (a broken file, 400).
    const small = await xlsx([['Ada', 'Byron', '', '', '', 'Staff']]);
    const bomb = await upload(org, declaring(small, 'xl/worksheets/sheet1.xml', 100 * 1024 * 1024));
    expect(bomb.status).toBe(413);
    expect(bomb.body.errors.file[0]).toBe('The spreadsheet unpacks to more than 64 MB and was refused. Remove formatting and unused sheets, or split it.');
    expect((await upload(org, declaring(small, 'xl/worksheets/sheet1.xml', 10))).status).toBe(400);
    expect((await upload(org, await zip({ 'x.txt': 'not a workbook' }))).body.message).toMatch(/could not be read|has no rows/);
    expect(await tasks(org)).toHaveLength(0);
  });

  it('rules 176-177: photo ZIP traversal, nesting, non-images, oversized, badly named, zip bombs', async () => {
    const org = await orgWithTypes();
    const file = await xlsx([['Ada', 'Byron', '', '', '', 'Staff', '', 'ada.jpg']]);
    const jpg = await image(640, 480);
    const cases: [Record<string, Buffer | string>, RegExp, ('STORE' | 'DEFLATE')?][] = [
      [{ '../evil.jpg': jpg }, /leaves its folder/],
      [{ 'folder/ada.jpg': jpg }, /other archives or folders/],
      [{ 'inner.zip': await zip({ 'a.jpg': jpg }) }, /other archives or folders/],
      [{ 'notes.txt': 'hello' }, /Only JPG and PNG/],
      [{ 'fake.jpg': 'this is not a jpeg at all' }, /Only JPG and PNG/],
      [{ 'ada2.jpg': jpg }, /only letters/],
      [{ 'big.jpg': Buffer.concat([jpg, Buffer.alloc(600 * 1024)]) }, /at most 500 KB/],
      [{ 'bomb.png': Buffer.alloc(400 * 1024) }, /compressed suspiciously/, 'DEFLATE'],
    ];
    for (const [entries, msg, compression] of cases) {
      const res = await upload(org, file, await zip(entries, compression));
      expect(res.status, JSON.stringify(entries && Object.keys(entries))).toBe(400);
      expect(res.body.message).toMatch(msg);
    }
    expect((await upload(org, file, Buffer.from('PK not really a zip'))).body.message).toMatch(/not a valid ZIP/);
    expect(await tasks(org)).toHaveLength(0);
  });
});

describe('users import: staging, running, re-running', () => {
  it('stages rows for review, lets a row be corrected, runs as a job with a per-row report, and re-running creates no duplicates', async () => {
    const org = await orgWithTypes();
    const file = await xlsx([
      ['Ada', 'Byron', 'ada@school.test', '7700900001', 'S-1', 'Staff', 'First aid, Trip', 'ada.jpg'],
      ['Tom', 'Becker', '', '', 'P-1', 'Pupil', 'Year 7', ''],
      ['X', 'Short', '', '', '', 'Pupil', '', ''],
      ['Nia', 'Okafor', 'nia@school.test', '', '', 'Alien', '', ''],
      ['Sam', 'Lee', '', '', '', 'Pupil', '', ''],
      ['Ada', 'Byron', 'ADA@school.test', '', '', 'Staff', '', ''],
    ]);
    const staged = await upload(org, file, await zip({ 'ada.jpg': await image(640, 480) }));
    expect(staged.status).toBe(201);
    const id = staged.body.data.id;
    expect(staged.body.data).toMatchObject({ status: 'staged', total: 6 });
    const rows = (await api(h.app, org.token).get(`/api/users/list_import_users/${org.entityId}/${id}?limit=50`)).body.data;
    expect(rows[0].photo).toBe('ada.jpg');
    const nia = rows.find((r: { data: { first_name: string } }) => r.data.first_name === 'Nia');
    const fix = await api(h.app, org.token).put(`/api/users/import_row/${nia.id}`, { data: { ...nia.data, user_type: 'Staff' } });
    expect(fix.status).toBe(200);
    const run = await api(h.app, org.token).post('/api/users/run_import', { import_id: id });
    expect(run.status).toBe(200);
    expect((await api(h.app, org.token).post('/api/users/run_import', { import_id: id })).status).toBe(409);
    const done = await waitDone(org, id);
    expect(done).toMatchObject({ status: 'done', processed: 6, created: 4, updated: 1, refused: 1 });
    const report = (await api(h.app, org.token).get(`/api/users/list_import_users/${org.entityId}/${id}?limit=50`)).body.data;
    expect(report.find((r: { data: { first_name: string } }) => r.data.first_name === 'X')).toMatchObject({ result: 'refused', reason: 'import.refused_name' });
    const people = await withTenant(db(), org.entityId, (tx) => tx.select().from(users).where(eq(users.entityId, org.entityId)));
    expect(people).toHaveLength(5);
    expect(people.find((p) => p.email === 'ada@school.test')!.image).toMatch(/^\/api\/files\/people\//);
    // The same file again: matched by e-mail, phone, ID or (without them) name and type: nothing new.
    const again = await upload(org, file, await zip({ 'ada.jpg': await image(640, 480) }));
    await api(h.app, org.token).post('/api/users/run_import', { import_id: again.body.data.id });
    const second = await waitDone(org, again.body.data.id);
    expect(second).toMatchObject({ created: 0, refused: 2 });
    expect(await withTenant(db(), org.entityId, (tx) => tx.select().from(users).where(eq(users.entityId, org.entityId)))).toHaveLength(5);
    const queue = await api(h.app, org.token).get(`/api/users/import_tasks/${org.entityId}`);
    expect(queue.body.count).toBe(2);
    const tpl = await h.app.inject({ method: 'GET', url: '/api/users/import_template', headers: { authorization: `Bearer ${org.token}` } });
    expect(tpl.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe('first_name');
  });

  it('a batch that fails leaves nothing half-imported', async () => {
    const org = await orgWithTypes();
    const staged = await upload(org, await xlsx([['Ada', 'Byron', 'a@x.test', '', '', 'Staff'], ['Bob', 'Marley', 'b@x.test', '', '', 'Staff']]));
    const id = staged.body.data.id;
    // Simulate a crash in the middle of the batch: the transaction rolls back, rows stay pending.
    await expect(
      withTenant(db(), org.entityId, async (tx) => {
        await processBatch(tx, h.services, id, org.entityId);
        throw new Error('server stopped');
      }),
    ).rejects.toThrow('server stopped');
    expect(await withTenant(db(), org.entityId, (tx) => tx.select().from(users).where(eq(users.email, 'a@x.test')))).toHaveLength(0);
    const [t] = await tasks(org);
    expect(t.processed).toBe(0);
    // Resuming processes every pending row once.
    await api(h.app, org.token).post('/api/users/run_import', { import_id: id });
    expect(await waitDone(org, id)).toMatchObject({ created: 2, processed: 2 });
  });
});

describe('users import: people who use the dashboard (issue 16 part 1)', () => {
  it('an employee’s import cannot change a dashboard user (matched by e-mail or phone); an administrator’s can', async () => {
    const org = await orgWithTypes();
    const colleague = await createMember(h, org, 'employee');
    await withTenant(db(), org.entityId, (tx) => tx.update(users).set({ phone: '7700900555' }).where(eq(users.id, colleague.userId)));
    const employee = await createMember(h, org, 'employee');
    const file = await xlsx([
      ['Hijacked', 'Name', colleague.email, '', '', 'Staff'],
      ['Other', 'Mail', 'attacker@evil.test', '7700900555', '', 'Staff'],
      ['Plain', 'Person', 'plain@school.test', '', '', 'Staff'],
    ]);
    const run = async (token: string) => {
      const staged = await upload({ ...org, token }, file);
      expect(staged.status).toBe(201);
      expect((await api(h.app, token).post('/api/users/run_import', { import_id: staged.body.data.id })).status).toBe(200);
      const done = await waitDone(org, staged.body.data.id);
      const rows = (await api(h.app, org.token).get(`/api/users/list_import_users/${org.entityId}/${staged.body.data.id}?limit=50`)).body.data;
      return { done, rows: rows.map((r: { result: string; reason: string | null }) => [r.result, r.reason]) };
    };
    const byEmployee = await run(employee.token);
    expect(byEmployee.rows).toEqual([
      ['refused', 'import.refused_console_user'],
      ['refused', 'import.refused_console_user'],
      ['created', null],
    ]);
    const [person] = await withTenant(db(), org.entityId, (tx) => tx.select().from(users).where(eq(users.id, colleague.userId)));
    expect(person).toMatchObject({ firstName: 'Member', email: colleague.email });
    const byAdmin = await run(org.token);
    expect(byAdmin.rows.map((r: string[]) => r[0])).toEqual(['updated', 'updated', 'updated']);
  });
});

