import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, adminApi, kioskConfirmName, kioskQuestionnaire, kioskTemperature, login, pairKiosk, pickDay } from './helpers';

/**
 * Signing in and out end to end (issue 7): a kiosk paired from the console; a visitor signed in by name and an
 * expected visitor by the QR code of their confirmation e-mail, each appearing live on the dashboard open in a
 * SECOND browser; a member of staff signing in late and out early, each with a reason (rules 221, 247-254); a
 * site signed out from /multiple-signin (rules 220-226). The offline journey (a real server stop) and the
 * dashboard in Arabic and Spanish are the next tests.
 */

type Admin = Awaited<ReturnType<typeof adminApi>>;
const LONDON = 'Europe/London'; // the demo organisation's sites

async function demoPlaces(request: APIRequestContext, admin: Admin) {
  const areas = ((await (await request.get(`/api/areas/${admin.entityId}?limit=100`, { headers: admin.headers })).json()).data as { id: number; name: string; site_id: number }[]);
  const journeys = ((await (await request.get(`/api/journeys/${admin.entityId}?limit=50`, { headers: admin.headers })).json()).data as { id: number; name: string }[]);
  const journey = journeys.find((j) => j.name === 'School reception')!;
  const area = areas.find((a) => a.name === 'Main Reception') ?? areas[0];
  const sites = (await (await request.get(`/api/sites/normal/${admin.entityId}`, { headers: admin.headers })).json()).data as { id: number; name: string }[];
  return { area, journey, siteName: sites.find((x) => x.id === area.site_id)!.name };
}

/** The link token of the confirmation mail sent to `email` (the QR code a visitor brings: `…/c/<token>`). */
function confirmationLink(email: string) {
  const dir = join(process.env.E2E_DATA_DIR!, 'mail');
  const file = readdirSync(dir).filter((f) => f.includes(email)).sort().at(-1);
  if (!file) return null;
  // Quoted-printable: soft line breaks (`=` at a line's end) join the lines again.
  const text = readFileSync(join(dir, file), 'utf8').replace(/=\r?\n/g, '');
  return [...text.matchAll(/\/c\/([A-Za-z0-9_-]{20,100})(?![A-Za-z0-9_=-])/g)].map((m) => m[0]).at(0) ?? null;
}

const londonNow = () => {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: LONDON, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).formatToParts(new Date());
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
};

async function consoleBrowser(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page);
  return { context, page };
}

/**
 * What the demo journey's Visitors flow asks after the temperature: who they visit (a host of the Staff type, the
 * flow allows no sign-in without one) and its daily Health questionnaire until answered today (rule 198).
 */
async function visitorArrival(kiosk: Page, opts: { questionnaire: boolean } = { questionnaire: true }) {
  await expect(kiosk.getByRole('heading', { name: 'Who are you visiting?' })).toBeVisible();
  await kiosk.getByLabel("Host's name").fill('dana');
  await kiosk.getByRole('button', { name: 'Dana Okafor' }).click();
  await kiosk.getByRole('button', { name: opts.questionnaire ? 'Continue' : 'Sign in' }).click();
  if (!opts.questionnaire) return;
  await kioskQuestionnaire(kiosk);
  await kiosk.getByRole('button', { name: 'Sign in' }).click();
}

/** By name: the person picks their name and confirms it is them (with their quick pass code where their flow asks it). */
async function signByName(kiosk: Page, name: string, request: APIRequestContext, admin: Admin, server: { base?: string; dataDir?: string } = {}) {
  await kiosk.getByRole('button', { name: 'Find my name' }).click();
  await kiosk.getByLabel('Name').fill(name);
  await kiosk.getByRole('button', { name: new RegExp(`^${name}`) }).first().click();
  await kioskConfirmName(kiosk, request, admin, name, server);
}

test('kiosk sign-ins appear live in a second browser; late in and early out with reasons; a site signed out in one go', async ({ browser, page: kiosk, request }) => {
  test.setTimeout(240_000);
  const admin = await adminApi(request);
  const { area, journey, siteName } = await demoPlaces(request, admin);
  const stamp = String(Date.now()).slice(-6).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);

  // The console, in its own browser: the dashboard, marked so that a reload would show.
  const second = await consoleBrowser(browser);
  const dash = second.page;
  await dash.goto('/');
  await expect(dash.getByRole('heading', { name: 'Dashboard', level: 2 })).toBeVisible();
  await dash.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
  const signInsToday = async () => Number((await dash.getByTestId('count-sign_ins').textContent())!.replace(/\D/g, ''));
  await expect(dash.getByTestId('count-sign_ins')).toHaveText(/\d/);
  const before = await signInsToday();

  // 1. Pair a kiosk at the reception with the demo journey.
  const { kioskId } = await pairKiosk(kiosk, request, admin, { areaId: area.id, journeyId: journey.id, name: `Reception kiosk ${stamp}` });

  // 2. A visitor signs in by name; the scan reaches the dashboard in the other browser without a reload.
  const visitorType = ((await (await request.get(`/api/user_types/${admin.entityId}`, { headers: admin.headers })).json()).data as { id: number; name: string }[]).find((t) => t.name === 'Visitor')!;
  const vera = `Vera Quill${stamp}`;
  const made = await request.post('/api/users', { headers: admin.headers, data: { first_name: 'Vera', last_name: `Quill${stamp}`, email: `vera.${stamp}@visitor.example`, phone: `0771${String(Date.now()).slice(-7)}`, user_type_id: visitorType.id } });
  expect(made.status()).toBe(201);
  await signByName(kiosk, vera, request, admin);
  await kioskTemperature(kiosk);
  await visitorArrival(kiosk);
  await expect(kiosk.getByTestId('done-title')).toHaveText(`Welcome, ${vera}!`);
  await kiosk.getByRole('button', { name: 'Done' }).click();
  await expect(dash.getByRole('row', { name: new RegExp(`^${vera}, Sign in`) })).toBeVisible();
  await expect(dash.getByTestId('live-count')).toHaveText('1 new scan');
  await expect.poll(signInsToday).toBe(before + 1);

  // 3. An expected visitor, added from the top bar's "Add visits" over the dashboard: the success modal of rule 168,
  // the counts reloaded (rule 157); then they sign in with the QR code of their confirmation e-mail.
  const now = londonNow();
  const at = Math.min(now.minutes + 30, 23 * 60 + 59);
  const email = `quentin.${stamp}@visitor.example`;
  const expectedToday = async () => Number((await dash.getByTestId('count-expected').textContent())!.replace(/\D/g, ''));
  const expectedBefore = await expectedToday();
  await dash.getByRole('link', { name: 'Add visits' }).click();
  const form = dash.getByRole('dialog', { name: 'Add expected visitors' });
  await form.getByRole('combobox', { name: /^Site/ }).click();
  await dash.getByRole('option', { name: siteName, exact: true }).click();
  await form.getByRole('combobox', { name: /^Area/ }).click();
  await dash.getByRole('option', { name: area.name, exact: true }).click();
  await form.getByRole('combobox', { name: /^User type/ }).click();
  await dash.getByRole('option', { name: 'Visitor', exact: true }).click();
  await pickDay(dash, form.getByRole('button', { name: /^Visit date/ }), now.date);
  await form.getByLabel(/^Time/).fill(`${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`);
  await form.getByRole('textbox', { name: 'First name 1' }).fill('Quentin');
  await form.getByRole('textbox', { name: 'Last name 1' }).fill(`Rowe${stamp}`);
  await form.getByRole('textbox', { name: 'E-mail 1' }).fill(email);
  await form.getByRole('button', { name: 'Save' }).click();
  const added = dash.getByRole('dialog', { name: 'Visit Added' });
  await expect(added).toContainText('Visit has been added successfully.');
  await added.getByRole('button', { name: 'OK' }).click();
  await expect.poll(expectedToday).toBe(expectedBefore + 1);
  await expect.poll(() => confirmationLink(email), { timeout: 20_000 }).not.toBeNull();
  await kiosk.getByRole('button', { name: 'Scan my QR code' }).click();
  await kiosk.getByLabel('Code').fill(`http://localhost/c${confirmationLink(email)!.slice(2)}`);
  await kiosk.getByRole('button', { name: 'Continue' }).click();
  await kioskTemperature(kiosk);
  await visitorArrival(kiosk);
  await expect(kiosk.getByTestId('done-title')).toHaveText(`Welcome, Quentin Rowe${stamp}!`);
  await kiosk.getByRole('button', { name: 'Done' }).click();
  const quentinRow = dash.getByRole('row', { name: new RegExp(`^Quentin Rowe${stamp}, Sign in`) });
  await expect(quentinRow).toBeVisible();
  await expect(dash.getByTestId('live-count')).toHaveText('2 new scans');
  // The visit it belongs to: opened from the row, its journey stage and status.
  await quentinRow.click();
  const drawer = dash.getByRole('dialog');
  await expect(drawer.getByText('Signed in', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Ready to sign in')).toBeVisible();
  await expect(drawer.getByText(`Reception kiosk ${stamp}`)).toBeVisible();
  await dash.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // 4. Lateness (rules 247-254): the staff day runs every day from 00:00 to 23:59 with no grace for this test,
  // so a member of staff is late in and early out and the kiosk asks why.
  const modes = (await (await request.get(`/api/attendance_mode/${admin.entityId}?limit=50`, { headers: admin.headers })).json()).data as {
    id: number;
    name: string;
    schedule_days: number[];
    from: string;
    to: string;
    late_sign_in_grace: number;
    early_sign_out_grace: number;
    on_time_attendance_code_id: number | null;
  }[];
  const staffDay = modes.find((m) => m.name === 'Staff working day')!;
  const original = { entity_id: admin.entityId, name: staffDay.name, schedule_days: staffDay.schedule_days, from: staffDay.from.slice(0, 5), to: staffDay.to.slice(0, 5), late_sign_in_grace: staffDay.late_sign_in_grace, early_sign_out_grace: staffDay.early_sign_out_grace, on_time_attendance_code_id: staffDay.on_time_attendance_code_id };
  const allDay = await request.put(`/api/attendance_mode/${staffDay.id}`, { headers: admin.headers, data: { ...original, schedule_days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '23:59', late_sign_in_grace: 0, early_sign_out_grace: 0 } });
  expect(allDay.status()).toBe(200);
  try {
    const mass = await request.post('/api/mass-action-signin', { headers: admin.headers, data: { site_id: area.site_id } });
    const people = (await mass.json()).data[0].users as { id: number; full_name: string; state: string; user_type: { name: string } | null; attendance_mode: { name: string } | null }[];
    const staff = people.find((p) => p.state === 'signed_out' && p.user_type?.name === 'Staff' && p.attendance_mode?.name === 'Staff working day')!;
    expect(staff).toBeTruthy();
    await signByName(kiosk, staff.full_name, request, admin);
    await kioskTemperature(kiosk);
    await expect(kiosk.getByRole('heading', { name: 'You are signing in late. Why?' })).toBeVisible();
    await kiosk.getByRole('button', { name: /Traffic/ }).click();
    await expect(kiosk.getByTestId('done-title')).toHaveText(`Welcome, ${staff.full_name}!`);
    await kiosk.getByRole('button', { name: 'Done' }).click();
    await expect(dash.getByRole('row', { name: new RegExp(`^${staff.full_name}, Sign in`) }).getByText('Late · Traffic')).toBeVisible();
    // Out again at once: early, with the early sign-out reason.
    await signByName(kiosk, staff.full_name, request, admin);
    await expect(kiosk.getByRole('heading', { name: 'You are signing out early. Why?' })).toBeVisible();
    await kiosk.getByRole('button', { name: /Appointment/ }).click();
    await expect(kiosk.getByTestId('done-title')).toHaveText(`Goodbye, ${staff.full_name}!`);
    await kiosk.getByRole('button', { name: 'Done' }).click();
    await expect(dash.getByRole('row', { name: new RegExp(`^${staff.full_name}, Sign out`) }).getByText('Early · Appointment')).toBeVisible();
    const theirs = (await (await request.get(`/api/visit_list/${admin.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ kiosk_id: [kioskId], search: staff.full_name }))}`, { headers: admin.headers })).json()).data as { direction: string; late: number; early: number; reason: { name: string } | null }[];
    expect(theirs.map((s) => [s.direction, s.late, s.early, s.reason?.name])).toEqual([
      ['out', 0, 1, 'Appointment'],
      ['in', 1, 0, 'Traffic'],
    ]);

    // Everything so far arrived in the second browser without a reload of its page.
    expect(await dash.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

    // 5. The site signed out from /multiple-signin: everyone signed in is chosen, those who leave early need a
    // reason (skipped and listed with why, rules 160-161), the rest sign out; with reasons given, nobody is left.
    await dash.getByRole('link', { name: 'Mass sign-in and out' }).click();
    await expect(dash.getByRole('heading', { name: 'Mass sign-in and out' })).toBeVisible();
    await dash.getByPlaceholder('Choose a site').click();
    await dash.getByRole('option', { name: siteName, exact: true }).click();
    await expect(dash.getByTestId('mass-row-all')).toBeVisible();
    for (let round = 0; round < 3; round++) {
      const stillIn = dash.locator('[data-testid^="mass-row-"]').filter({ hasText: 'Signed in at' });
      if ((await stillIn.count()) === 0) break;
      await dash.getByRole('button', { name: 'Everyone signed in' }).click();
      // Where a reason can be given, give the first one (the early sign-out reason of the person's mode).
      const reasons = dash.getByRole('combobox', { name: 'Early sign-out reason' });
      for (let i = 0; i < (await reasons.count()); i++) {
        await reasons.nth(i).click();
        await dash.getByRole('option').first().click();
      }
      // Issue 15 part 5: an explicit Sign out, its checks shown before it applies.
      await dash.getByRole('button', { name: /^Sign out \(\d+\)$/ }).click();
      await dash.getByRole('dialog').getByRole('button', { name: 'Sign them out' }).click();
      await expect(dash.getByText(/\d+ people updated, \d+ skipped\./).first()).toBeVisible();
      await expect(dash.getByRole('button', { name: /^Sign out \(\d+\)$/ })).toBeVisible();
    }
    await expect(dash.locator('[data-testid^="mass-row-"]').filter({ hasText: 'Signed in at' })).toHaveCount(0);
    const after = (await (await request.post('/api/mass-action-signin', { headers: admin.headers, data: { site_id: area.site_id } })).json()).data[0].users as { state: string; is_all: number }[];
    expect(after.filter((u) => !u.is_all && u.state === 'signed_in')).toEqual([]);
  } finally {
    await request.put(`/api/attendance_mode/${staffDay.id}`, { headers: admin.headers, data: original });
  }
  await second.context.close();
});

/** A server of its own (the shared one cannot be stopped): started, stopped for real and started again on the same data. */
function ownServer(port: number) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-offline-'));
  let child: ChildProcess | null = null;
  const base = `http://localhost:${port}`;
  return {
    base,
    dataDir,
    async start() {
      child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
        cwd: root,
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DEMO_DATA: '1', LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      // Booting migrates and seeds an embedded database: ready when it answers its health call.
      await expect
        .poll(
          async () => {
            try {
              return (await fetch(`${base}/api/health`)).status;
            } catch {
              return 0;
            }
          },
          { timeout: 150_000, intervals: [1000] },
        )
        .toBe(200);
    },
    /** SIGTERM: the server closes its connections and its database, as on a real shutdown. */
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((resolve) => c.once('exit', resolve));
      c.kill('SIGTERM');
      await exited;
      child = null;
    },
    /** Stops it and removes its data. */
    async dispose() {
      await this.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

test('a sign-in made at the kiosk while the server is down arrives once when it is back', async ({ page, playwright }) => {
  test.setTimeout(420_000);
  const server = ownServer(Number(process.env.E2E_OFFLINE_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 100));
  await server.start();
  const request = await playwright.request.newContext({ baseURL: server.base });
  try {
    const admin = await adminApi(request);
    const areas = (await (await request.get(`/api/areas/${admin.entityId}?limit=100`, { headers: admin.headers })).json()).data as { id: number; name: string }[];
    const journeys = (await (await request.get(`/api/journeys/${admin.entityId}?limit=50`, { headers: admin.headers })).json()).data as { id: number; name: string }[];
    const area = areas.find((a) => a.name === 'Main Reception') ?? areas[0];
    const { kioskId, token } = await pairKiosk(page, request, admin, { areaId: area.id, journeyId: journeys.find((j) => j.name === 'School reception')!.id, name: 'Offline kiosk' }, server.base);
    const visitorType = ((await (await request.get(`/api/user_types/${admin.entityId}`, { headers: admin.headers })).json()).data as { id: number; name: string }[]).find((t) => t.name === 'Visitor')!;
    const made = await request.post('/api/users', { headers: admin.headers, data: { first_name: 'Olive', last_name: 'Offline', email: 'olive.offline@visitor.example', phone: '07700900123', user_type_id: visitorType.id } });
    expect(made.status()).toBe(201);
    const oliveId = (await made.json()).data.id as number;
    const scans = async () =>
      ((await (await request.get(`/api/visit_list/${admin.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ kiosk_id: [kioskId] }))}&limit=50`, { headers: admin.headers })).json()).data as { id: number; user_id: number; direction: string; input_method: string }[])
        .filter((s) => s.user_id === oliveId)
        .sort((a, b) => a.id - b.id)
        .map((s) => `${s.direction}:${s.input_method}`);

    // Online: in by name (the visitor's badge gives her QR code), out by that QR code.
    await signByName(page, 'Olive Offline', request, admin, server);
    await kioskTemperature(page);
    await visitorArrival(page);
    await expect(page.getByTestId('done-title')).toHaveText('Welcome, Olive Offline!');
    await page.getByRole('button', { name: 'Done' }).click();
    const [first] = (await (await request.get(`/api/visit_list/${admin.entityId}?filterBy=${encodeURIComponent(JSON.stringify({ kiosk_id: [kioskId] }))}`, { headers: admin.headers })).json()).data as { id: number }[];
    const badge = await request.get(`/api/kiosk-app/badge/${first.id}`, { headers: { authorization: `Bearer ${token}` } });
    const code = (await badge.json()).data.code as string;
    await page.getByRole('button', { name: 'Scan my QR code' }).click();
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('done-title')).toHaveText('Goodbye, Olive Offline!');
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await scans()).toEqual(['in:name', 'out:qr']);

    // The server stops. She signs in by QR: the kiosk asks the journey's check, keeps the sign-in and says so.
    await server.stop();
    await page.getByRole('button', { name: 'Scan my QR code' }).click();
    await page.getByLabel('Code').fill(code);
    await page.getByRole('button', { name: 'Continue' }).click();
    await kioskTemperature(page);
    await expect(page.getByText('Saved on this kiosk')).toBeVisible();
    await expect(page.getByTestId('offline-badge')).toHaveText('Offline: 1 waiting');
    await page.getByRole('button', { name: 'Done' }).click();
    const idb = <T,>(fn: string) =>
      page.evaluate(
        (what) =>
          new Promise<T>((resolve, reject) => {
            const open = indexedDB.open('gatehouse-kiosk');
            open.onsuccess = () => {
              const store = open.result.transaction('scans', 'readonly').objectStore('scans');
              const req = what === 'count' ? store.count() : store.getAll();
              req.onsuccess = () => resolve(req.result as T);
              req.onerror = () => reject(req.error);
            };
            open.onerror = () => reject(open.error);
          }),
        fn,
      );
    const [kept] = await idb<{ body: Record<string, unknown> & { idempotency_key: string }; path?: string }[]>('all');
    expect(kept.body).toMatchObject({ code, input_method: 'qr' });

    // The server starts again on the same data: the kiosk sends what waited, once.
    await server.start();
    await expect(page.getByTestId('offline-badge')).toBeHidden({ timeout: 30_000 });
    expect(await scans()).toEqual(['in:name', 'out:qr', 'in:qr']);
    expect(await idb<number>('count')).toBe(0);
    // Had the answer been lost and the kiosk sent it again, the same idempotency key records nothing new.
    const again = await request.post(kept.path ?? '/api/kiosk-app/scan', { headers: { authorization: `Bearer ${token}` }, data: kept.body });
    expect(again.status()).toBe(200);
    expect((await again.json()).data.replayed).toBe(1);
    expect(await scans()).toEqual(['in:name', 'out:qr', 'in:qr']);
  } finally {
    await request.dispose();
    await server.dispose();
  }
});

test('the dashboard in Arabic (right to left) and Spanish: counts, filters, logbook and details', async ({ browser }) => {
  test.setTimeout(120_000);
  const { context, page } = await consoleBrowser(browser);
  const choose = async (lang: 'ar' | 'es' | 'en') => {
    await page.getByTestId('language-menu').click();
    await page.locator(`[data-lang="${lang}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  };
  try {
    await page.goto('/');
    await choose('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'لوحة المعلومات', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'سجل الدخول والخروج' })).toBeVisible();
    await expect(page.getByText('في الموقع الآن')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'درجة الحرارة' })).toHaveValue('كل القراءات');
    // The input methods come named by the server in the user's language.
    await page.getByRole('combobox', { name: 'طرق الإدخال' }).click();
    await expect(page.getByRole('option', { name: 'رمز QR' })).toBeVisible();
    await page.keyboard.press('Escape');
    // Right to left: the title starts on the right, and a row's details open from the left (the inline end).
    const width = page.viewportSize()!.width;
    const title = (await page.getByRole('heading', { name: 'لوحة المعلومات', level: 2 }).boundingBox())!;
    expect(title.x + title.width).toBeGreaterThan(width / 2);
    await page.locator('tbody tr[tabindex="0"]').first().click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('الزيارة', { exact: true })).toBeVisible();
    const box = (await drawer.boundingBox())!;
    expect(box.x).toBeLessThan(width / 2);
    await page.keyboard.press('Escape');

    await choose('es');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('heading', { name: 'Panel', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Registro' })).toBeVisible();
    await expect(page.getByText('Entradas hoy')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Temperatura' })).toHaveValue('Todas las lecturas');
    await page.getByRole('combobox', { name: 'Tipos de registro' }).click();
    await expect(page.getByRole('option', { name: 'Entrada', exact: true })).toBeVisible();
    await page.getByRole('option', { name: 'Entrada', exact: true }).click();
    await expect(page).toHaveURL(/[?&]scan_type=sign_in/);
    await expect(page.getByRole('button', { name: 'Quitar filtros (1)' })).toBeVisible();
    await page.getByRole('link', { name: 'Entrada y salida en grupo' }).click();
    await expect(page.getByRole('heading', { name: 'Entrada y salida en grupo' })).toBeVisible();
  } finally {
    // The admin's language is kept on the account: back to English for the journeys that follow.
    await page.goto('/');
    await choose('en').catch(() => undefined);
    await context.close();
  }
});
