import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { StatementTimeouts } from './platform/db/lanes';

const bool = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : !['0', 'false', 'no', 'off'].includes(v.toLowerCase())));

/** Environment, validated at boot (fail fast with a clear message). Each variable is explained in .env.example. */
const zEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  REDIS_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  SMTP_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Gatehouse <no-reply@gatehouse.local>'),
  PUBLIC_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  ADMIN_EMAIL: z.string().email().optional().or(z.literal('').transform(() => undefined)),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional().or(z.literal('').transform(() => undefined)),
  DEMO_DATA: bool,
  /** With DEMO_DATA: the Wonde fake listens on this loopback port, the Net2 fake on the next (0: any free ports). */
  DEMO_DIRECTORIES_PORT: z.coerce.number().int().min(0).max(65534).default(4790),
  SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional().or(z.literal('').transform(() => undefined)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Map tiles for the site form (an offline install points this at its own tile server). */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'MAP_TILE_URL must be an http(s) URL with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().max(500).default('&copy; OpenStreetMap contributors'),
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (per-address limits of login and public
   * pages). Unset: none (the socket's address). A number: that many hops. Otherwise comma-separated addresses or
   * CIDR ranges, or `loopback`, `linklocal`, `uniquelocal`.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => {
      const t = (v ?? '').trim();
      if (!t || ['0', 'false', 'no', 'off'].includes(t.toLowerCase())) return false;
      if (/^\d{1,2}$/.test(t)) return Number(t);
      if (['true', 'yes', 'on', '*'].includes(t.toLowerCase())) {
        ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY must name the proxies (a hop count, addresses or ranges): trusting every sender lets anyone forge their address' });
        return z.NEVER;
      }
      return t.split(',').map((s) => s.trim()).filter(Boolean);
    }),
  /** Socket.IO ping interval (and timeout); a kiosk not heard from in three of them shows offline. */
  KIOSK_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(10_000),
  /** A running directory sync writes its heartbeat this often; one not heard from in three is started again. */
  SYNC_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  /** A generic HTTP SMS gateway (emergency messages): POST JSON { to, from, text } with a bearer token. */
  SMS_GATEWAY_URL: z.string().url().optional().or(z.literal('').transform(() => undefined)),
  SMS_GATEWAY_TOKEN: z.string().max(500).optional(),
  SMS_SENDER: z.string().max(20).default('Gatehouse'),
  /** How long one statement of a console call may run (0: no limit); over it the call answers 503. */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** The same for the calls a kiosk makes with its device token (a scan waits for nothing longer). */
  KIOSK_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
  /** The same for background jobs (imports, mail, auto sign-out). */
  JOB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(120_000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was set: unset, the links in mails and QR codes say localhost (the console warns admins). */
  publicUrlSet: boolean;
  adminEmail?: string;
  adminPassword?: string;
  demoData: boolean;
  demoDirectoriesPort: number;
  secretKey: string;
  logLevel: string;
  webDist?: string;
  mapTileUrl: string;
  mapAttribution: string;
  trustProxy: false | number | string[];
  kioskHeartbeatMs: number;
  /** How often a running directory sync writes its heartbeat (integrations/sync.ts); three missed: its process died. */
  syncHeartbeatMs: number;
  sms: { url?: string; token?: string; sender: string };
  /** One statement's limit in a tenant transaction, by lane (`platform/db/lanes.ts`). */
  statementTimeouts: StatementTimeouts;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = zEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlSet: !!e.PUBLIC_URL,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA ?? true,
    demoDirectoriesPort: e.DEMO_DIRECTORIES_PORT,
    secretKey: e.SECRET_KEY ?? secretFromDataDir(dataDir, !!e.DATABASE_URL),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    mapTileUrl: e.MAP_TILE_URL,
    mapAttribution: e.MAP_ATTRIBUTION,
    trustProxy: e.TRUST_PROXY,
    kioskHeartbeatMs: e.KIOSK_HEARTBEAT_MS,
    syncHeartbeatMs: e.SYNC_HEARTBEAT_MS,
    sms: { url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN || undefined, sender: e.SMS_SENDER },
    statementTimeouts: { console: e.STATEMENT_TIMEOUT_MS, device: e.KIOSK_STATEMENT_TIMEOUT_MS, background: e.JOB_STATEMENT_TIMEOUT_MS },
  };
}

/** In embedded mode a missing SECRET_KEY is generated once into DATA_DIR; with PostgreSQL it must be set. */
function secretFromDataDir(dataDir: string, external: boolean): string {
  const file = join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (external && process.env.NODE_ENV === 'production') {
    throw new ConfigError('SECRET_KEY must be set when DATABASE_URL is used, so that every process shares it.');
  }
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}
