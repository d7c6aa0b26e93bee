/**
 * The wardens' phone page with 5,000 people (issue 17, Performance): "/emergency-list renders and scrolls
 * virtualised, and a mark shows on the warden's own screen in under 100 ms (Chromium, phone viewport)".
 *
 * Seeds an organisation with 5,000 people signed in on one site (straight into the embedded database), starts the
 * server as it ships (apps/api/dist, serving the built console), starts a session through the documented call, and
 * opens /emergency-list in Chromium (/usr/bin/chromium) at a phone's viewport (390x844, touch) as the warden. Every
 * figure is measured in the browser and printed, one JSON line each, for every run:
 * - first render: from the navigation's start to the first row of the list in the page;
 * - scroll to the end: the list scrolled a few screens per frame down to its last person; frames (interval
 *   p50/p95/max), long tasks (count, total ms), and the time until the last person's row is in the page;
 * - marks: BENCH_MARKS (20) taps on "Safe", one after the other; each from the tap (pointerdown's time stamp) to
 *   the row showing "Safe" in the page (a MutationObserver) and to the next frame after it; the list loads
 *   (GET /api/emergency_list) and long tasks during the marks.
 *
 * Needs the built console: run `npm run build` first (the server is built again by the benchmark itself).
 *   npm run bench -- emergency-phone        (BENCH_PEOPLE=5000 BENCH_MARKS=20 BENCH_RUNS=1)
 * BENCH_WEB_DIST=<dir> serves another build of the console (a before/after comparison on the same server).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import { registerAccount } from '../apps/api/src/modules/auth';
import { createEntity } from '../apps/api/src/modules/entity';
import { type Database, openDatabase } from '../apps/api/src/platform/db/client';
import { migrate } from '../apps/api/src/platform/db/migrate';
import { log, ROOT, startApi } from './lib/signin';

// What the functions run in the page use (this project is typed for Node: the page's globals, loosely).
declare const window: any, document: any, localStorage: any, requestAnimationFrame: (cb: (t?: unknown) => void) => number, MutationObserver: any;

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 5000);
const MARKS = Number(process.env.BENCH_MARKS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const PORT = 3195;
const WARDEN = { email: `bench-warden-${Date.now()}@bench.test`, password: 'bench-password-1' };
const webDist = process.env.BENCH_WEB_DIST ?? join(ROOT, 'apps/web/dist');

/** An organisation with one site, its owner (the warden) and `PEOPLE` people signed in there. */
async function seed(database: Database) {
  const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await database.sql.query<T>(text, values)).rows;
  const stamp = Date.now();
  const account = (await registerAccount(database.db, { email: WARDEN.email, firstName: 'Bench', lastName: 'Warden', password: WARDEN.password }))!;
  const created = (await createEntity(database.db, { accountId: account.id, name: 'Bench Phone School', subdomain: `benchphone${stamp}`, plan: 3, package: 'Cloud' }))!;
  const e = created.entity.id;
  const [site] = await q<{ id: number }>(`insert into sites (entity_id, name, timezone) values ($1, 'Main site', 'Europe/London') returning id`, [e]);
  const [area] = await q<{ id: number }>(`insert into areas (entity_id, site_id, name, auto_sign_out_mode) values ($1, $2, 'Hall', 'none') returning id`, [e, site.id]);
  const people = (await q<{ id: number }>(`insert into users (entity_id, first_name, last_name) select $1, 'Pupil', 'Number ' || lpad(g::text, 5, '0') from generate_series(1, $2::int) g returning id`, [e, PEOPLE])).map((r) => r.id);
  await q(`insert into visits (entity_id, user_id, site_id, area_id, status, signed_in_at, sign_in_method) select $1, u, $2, $3, 'signed_in', now(), 'kiosk' from unnest($4::int[]) u`, [e, site.id, area.id, people]);
  return { entityId: e, siteId: site.id };
}

async function call(url: string, token: string, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const res = await fetch(`${url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json: any = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const summary = (ms: number[]) => {
  if (!ms.length) return { n: 0 };
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: +pct(s, 50).toFixed(1), p95: +pct(s, 95).toFixed(1), max: +s[s.length - 1].toFixed(1) };
};
const print = (run: number, figure: string, values: Record<string, unknown>) => console.log(JSON.stringify({ run, figure, ...values }));

/** Installed in the page before its scripts: long tasks, and the time of each tap (pointerdown) on a "Safe" button. */
function instrument() {
  const w = window as any;
  w.__bench = { longTasks: [] as { start: number; duration: number }[], taps: [] as { id: string; at: number }[] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) w.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask' as 'mark', buffered: true });
  document.addEventListener(
    'pointerdown',
    (e: any) => {
      const b = e.target.closest?.('[data-testid^="safe-"]');
      if (b) w.__bench.taps.push({ id: b.getAttribute('data-testid')!.slice(5), at: e.timeStamp });
    },
    true,
  );
}

async function run(n: number, url: string, session: unknown) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
  try {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await context.addInitScript((s) => localStorage.setItem('gatehouse.session', s), JSON.stringify(session));
    await context.addInitScript(instrument);
    const page = await context.newPage();
    let listLoads = 0;
    page.on('request', (r) => {
      if (r.method() === 'GET' && r.url().includes('/api/emergency_list/')) listLoads++;
    });

    // First render: navigation start (performance's time origin) to the first row in the page.
    await page.goto('/emergency-list');
    await page.locator('[data-testid^="row-"]').first().waitFor({ timeout: 60_000 });
    const firstRow = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now()))));
    await page.getByTestId('unaccounted-count').filter({ hasText: ` / ${PEOPLE}` }).waitFor({ timeout: 60_000 });
    print(n, 'first render: navigation -> first row painted (ms)', { ms: +firstRow.toFixed(1), people: PEOPLE });

    // Scroll to the end, a few screens a frame, as a flick would.
    const scroll = await page.evaluate(async () => {
      const el = document.querySelector('[data-testid="people"]')!;
      const w = window as any;
      const tasksBefore = w.__bench.longTasks.length;
      const t0 = performance.now();
      const frames: number[] = [];
      let last = t0;
      const step = el.clientHeight * 3;
      while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
        el.scrollTop += step;
        await new Promise((r) => requestAnimationFrame(r));
        const now = performance.now();
        frames.push(now - last);
        last = now;
      }
      // One more frame: the rows of the last position are drawn.
      await new Promise((r) => requestAnimationFrame(r));
      const end = performance.now() - t0;
      const tasks = w.__bench.longTasks.slice(tasksBefore) as { duration: number }[];
      // The list's last row (whoever it is: the server lists the unaccounted first) is drawn at the bottom.
      const lastRowDrawn = [...document.querySelectorAll('[data-testid^="row-"]')].some((r: any) => parseFloat(r.style.top) + r.offsetHeight >= el.scrollHeight - 1);
      return { frames, end, lastRowDrawn, rowsInPage: document.querySelectorAll('[data-testid^="row-"]').length, longTasks: tasks.length, longTaskMs: tasks.reduce((a, t) => a + t.duration, 0), scrollHeight: el.scrollHeight };
    });
    print(n, 'scroll to the end (frames in ms)', {
      toEndMs: +scroll.end.toFixed(1),
      lastRowDrawn: scroll.lastRowDrawn,
      frames: summary(scroll.frames),
      longTasks: scroll.longTasks,
      longTaskMs: +scroll.longTaskMs.toFixed(1),
      rowsInPage: scroll.rowsInPage,
      scrollHeightPx: scroll.scrollHeight,
    });
    await page.evaluate(() => (document.querySelector('[data-testid="people"]')!.scrollTop = 0));
    // Back at the top: the rows drawn are the first ones again (a row left from the end would be gone by the tap).
    await page.waitForFunction(() => document.querySelector('[data-testid^="row-"]')?.style.top === '0px');

    // Marks: tap "Safe" on the first person still unaccounted; time from the tap to the row saying "Safe".
    const loadsBefore = listLoads;
    const tasksBefore = await page.evaluate(() => (window as any).__bench.longTasks.length as number);
    const toDom: number[] = [];
    const toFrame: number[] = [];
    let missed = 0;
    for (let i = 0; i < MARKS; i++) {
      const button = page.locator('[data-testid^="safe-"]').first();
      const id = (await button.getAttribute('data-testid'))!.slice(5);
      // Watches the row's status before the tap: records when the page says "Safe" and the next frame after it.
      await page.evaluate((userId) => {
        (window as any).__bench.shown = new Promise<{ dom: number; frame: number }>((resolve) => {
          // (No named functions in here: the bundler's name helper does not exist in the page.)
          const observer = new MutationObserver(() => {
            if (!document.querySelector(`[data-testid="status-${userId}"]`)?.textContent?.startsWith('Safe')) return;
            observer.disconnect();
            const dom = performance.now();
            requestAnimationFrame(() => resolve({ dom, frame: performance.now() }));
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
          // A mark that never shows is a figure too (NaN), not a benchmark that hangs.
          setTimeout(() => resolve({ dom: NaN, frame: NaN }), 10_000);
        });
      }, id);
      await button.tap();
      const t = await page.evaluate(() => (window as any).__bench.shown as Promise<{ dom: number; frame: number }>);
      const tap = await page.evaluate((userId) => ((window as any).__bench.taps as { id: string; at: number }[]).findLast((x) => x.id === userId)?.at ?? NaN, id);
      if (Number.isNaN(t.dom) || Number.isNaN(tap)) missed++;
      else {
        toDom.push(t.dom - tap);
        toFrame.push(t.frame - tap);
      }
      print(n, `mark ${i + 1}: tap -> row shows Safe (ms)`, { userId: Number(id), dom: +(t.dom - tap).toFixed(1), nextFrame: +(t.frame - tap).toFixed(1) });
    }
    // The marks are all sent (nothing waiting) before the figures of the whole are taken.
    await page.getByTestId('pending').waitFor({ state: 'hidden', timeout: 60_000 });
    const tasks = await page.evaluate((from) => ((window as any).__bench.longTasks as { duration: number }[]).slice(from), tasksBefore);
    print(n, `all ${MARKS} marks: tap -> row shows Safe (ms)`, {
      dom: summary(toDom),
      nextFrame: summary(toFrame),
      notShownIn10s: missed,
      listLoadsDuringMarks: listLoads - loadsBefore,
      longTasks: tasks.length,
      longTaskMs: +tasks.reduce((a, x) => a + x.duration, 0).toFixed(1),
    });
    await context.close();
  } finally {
    await browser.close();
  }
}

if (!existsSync(join(webDist, 'index.html'))) {
  console.error(`No built console in ${webDist}: run \`npm run build\` first.`);
  process.exit(1);
}
const dataDir = mkdtempSync(join(tmpdir(), 'gh-bench-phone-'));
const database = await openDatabase({ dataDir });
await migrate(database);
const s = await seed(database);
await database.close();
log(`seeded ${PEOPLE} people on site`);
const api = await startApi({ DATA_DIR: dataDir, DATABASE_URL: '', WEB_DIST: webDist }, PORT);
try {
  const session = (await call(api.url, '', 'POST', '/api/login', WARDEN)).data;
  const started = await call(api.url, session.token, 'POST', '/api/start_emergency', { site_ids: [s.siteId], name: 'Bench roll call' });
  log(`session ${started.data.id} started with ${PEOPLE} people; console from ${webDist}`);
  console.log('Figures on a shared, loaded machine (two cores): compare runs taken together, not with other machines.');
  for (let n = 1; n <= RUNS; n++) await run(n, api.url, session);
  await call(api.url, session.token, 'PUT', `/api/end_emergency/${started.data.id}`);
} finally {
  await api.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
