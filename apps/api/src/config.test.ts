import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dir = mkdtempSync(join(tmpdir(), 'gh-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told, a hop count, or named addresses and ranges', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(load({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
  });

  it('refuses to trust every sender, with a message that says why', () => {
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => load({ TRUST_PROXY: 'true' })).toThrow(/forge/);
  });
});
