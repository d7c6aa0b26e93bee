import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, startFake } from './fakes/server';
import { addressRefusal, checkBaseUrl, egressPolicy } from './adapters/egress';
import { call } from './adapters/http';
import { Net2Adapter } from './adapters/net2';
import { DirectoryError } from './adapters/types';
import { WondeAdapter } from './adapters/wonde';
import { startDemoDirectories } from './fakes/demo';

/** Issue 19 "Bad input and safety": a configurable base URL must not reach inside our network (SSRF). */
const production = egressPolicy({ NODE_ENV: 'production' });
const kindOf = async (p: Promise<unknown>) => p.then(() => 'ok', (e: DirectoryError) => (e instanceof DirectoryError ? `${e.kind}: ${e.message}` : String(e)));

/** Runs with the server's environment as in production (no loopback allowance). */
async function inProduction<T>(fn: () => Promise<T>, extra: Record<string, string> = {}) {
  const saved = { NODE_ENV: process.env.NODE_ENV, INTEGRATIONS_ALLOW_LOCAL: process.env.INTEGRATIONS_ALLOW_LOCAL, INTEGRATIONS_ALLOW_NETWORKS: process.env.INTEGRATIONS_ALLOW_NETWORKS };
  process.env.NODE_ENV = 'production';
  delete process.env.INTEGRATIONS_ALLOW_LOCAL;
  delete process.env.INTEGRATIONS_ALLOW_NETWORKS;
  Object.assign(process.env, extra);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

describe('egress guard: which addresses a directory call may reach', () => {
  it('refuses loopback, private, link-local, metadata and their IPv6 spellings; passes public ones', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '192.168.1.10', '100.64.0.1', '0.0.0.0', '169.254.1.1', '::1', '::', 'fe80::1', 'fd12::1', '::ffff:10.0.0.1', '::ffff:7f00:1', '64:ff9b::a00:1', '224.0.0.1'])
      expect(addressRefusal(a, production), a).toBe('inside');
    for (const a of ['169.254.169.254', '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', 'fd00:ec2::254', '168.63.129.16']) expect(addressRefusal(a, production), a).toBe('metadata');
    for (const a of ['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111']) expect(addressRefusal(a, production), a).toBeNull();
  });

  it('allows loopback only in test or with INTEGRATIONS_ALLOW_LOCAL, on-site networks only when named; metadata never', () => {
    expect(addressRefusal('127.0.0.1', egressPolicy({ NODE_ENV: 'test' }))).toBeNull();
    expect(addressRefusal('127.0.0.1', egressPolicy({ INTEGRATIONS_ALLOW_LOCAL: '1' }))).toBeNull();
    expect(addressRefusal('10.0.0.1', egressPolicy({ NODE_ENV: 'test' }))).toBe('inside');
    const site = egressPolicy({ INTEGRATIONS_ALLOW_NETWORKS: '192.168.10.0/24, 10.0.0.5, 169.254.0.0/16' });
    expect(addressRefusal('192.168.10.20', site)).toBeNull();
    expect(addressRefusal('10.0.0.5', site)).toBeNull();
    expect(addressRefusal('10.0.0.6', site)).toBe('inside');
    expect(addressRefusal('169.254.169.254', site)).toBe('metadata');
  });

  it('checks a typed base URL: https, then every resolved address (a name for loopback is refused too)', async () => {
    expect(await checkBaseUrl('https://169.254.169.254/latest', production)).toBe('url_private');
    expect(await checkBaseUrl('https://[::ffff:a9fe:a9fe]/', production)).toBe('url_private');
    expect(await checkBaseUrl('https://2130706433/', production)).toBe('url_private'); // 127.0.0.1 in decimal
    expect(await checkBaseUrl('https://0x7f.1/', production)).toBe('url_private');
    expect(await checkBaseUrl('https://localhost:8443/api/v1', production)).toBe('url_private');
    expect(await checkBaseUrl('http://93.184.216.34/v1.0', production)).toBe('url_https');
    expect(await checkBaseUrl('https://93.184.216.34/v1.0', production)).toBeNull();
    expect(await checkBaseUrl('https://user:pw@93.184.216.34/', production)).toBe('url_invalid');
    expect(await checkBaseUrl('file:///etc/passwd', production)).toBe('url_invalid');
    expect(await checkBaseUrl('http://127.0.0.1:4010', egressPolicy({ NODE_ENV: 'test' }))).toBeNull();
    expect(await checkBaseUrl('http://192.168.10.20:8080/api/v1', egressPolicy({ INTEGRATIONS_ALLOW_NETWORKS: '192.168.10.0/24' }))).toBeNull();
  });
});

describe('egress guard at request time (the address connected to, not the string typed)', () => {
  let inside: Awaited<ReturnType<typeof startFake>>;
  let hits = 0;
  beforeAll(async () => {
    inside = await startFake((req, res) => {
      hits++;
      if (req.url.pathname === '/hop') return send(res, 302, '', { location: 'http://169.254.169.254/latest/meta-data/' });
      return send(res, 200, { secret: 'inside' });
    });
  });
  afterAll(() => inside.close());

  it('in production, a call to a loopback literal or a name resolving to loopback never connects', async () => {
    const port = new URL(inside.url).port;
    const before = hits;
    await inProduction(async () => {
      expect(await kindOf(call(`${inside.url}/x`))).toMatch(/^unreachable: .*inside the network/);
      expect(await kindOf(call(`http://localhost:${port}/x`))).toMatch(/^unreachable: .*inside the network/);
      expect(await kindOf(call(`https://localhost:${port}/x`))).toMatch(/^unreachable: .*inside the network/);
      expect(await kindOf(call(`http://[::ffff:127.0.0.1]:${port}/x`))).toMatch(/^unreachable: .*inside the network/);
    });
    expect(hits).toBe(before);
  });

  it('in test (the fakes), a name resolving to loopback connects: the guard answers the resolver as node asks', async () => {
    const port = new URL(inside.url).port;
    expect(await call(`http://localhost:${port}/x`)).toEqual({ secret: 'inside' });
  });

  it('an allowed on-site network may be reached over http; plain http elsewhere is refused', async () => {
    await inProduction(async () => expect(await kindOf(call(`${inside.url}/x`))).toBe('ok'), { INTEGRATIONS_ALLOW_NETWORKS: '127.0.0.0/8' });
  });

  it('never follows a redirect (here to the metadata address)', async () => {
    expect(await kindOf(call(`${inside.url}/hop`))).toMatch(/^bad_answer: a redirect/);
  });
});

describe('the demo directories (npm start with DEMO_DATA, issue 19 part 5)', () => {
  it('start the Wonde and Net2 fakes on loopback (any free port when taken); only their origins pass the guard in production', async () => {
    const taken = await startFake((_req, res) => send(res, 200, {}));
    const port = Number(new URL(taken.url).port);
    const lines: string[] = [];
    const demo = await startDemoDirectories(port, (l) => lines.push(l));
    try {
      expect(demo.wonde.base_url).not.toBe(taken.url); // the port was taken: another one
      expect(lines[0]).toContain(demo.wonde.base_url);
      await inProduction(async () => {
        const wonde = new WondeAdapter(demo.wonde);
        expect((await wonde.users(null)).items.length).toBe(40);
        const net2 = new Net2Adapter(demo.paxton);
        expect((await net2.accessLevels()).length).toBeGreaterThan(0);
        expect(await checkBaseUrl(demo.wonde.base_url)).toBeNull();
        // Another loopback origin (here, the server holding the port) stays refused.
        expect(await checkBaseUrl(taken.url)).toBe('url_private');
        expect(await kindOf(call(`${taken.url}/x`))).toMatch(/inside the network/);
      });
    } finally {
      await demo.close();
      await taken.close();
    }
  });
});
