import { zConsoleConfig, zHealth } from '@gatehouse/contract';
import { defineRoutes } from '../../platform/http/route';
import { DatabaseProbe } from './database-probe';

export default defineRoutes((r, services) => {
  const probe = new DatabaseProbe(services.database);
  r.onClose(() => probe.stop());
  r.route({
    method: 'GET',
    url: '/api/console-config',
    summary: "The server's set-up the console shows: the address links in mails and QR codes use, and whether PUBLIC_URL set it (unset, they say localhost)",
    access: 'account',
    tags: ['health'],
    response: zConsoleConfig,
    handler: async () => ({ data: { public_url: services.config.publicUrl, public_url_set: services.config.publicUrlSet ? (1 as const) : (0 as const) } }),
  });

  r.route({
    method: 'GET',
    url: '/api/health',
    summary: "Liveness: answers from the process at once, with the database's state from a background probe (never waits for a database connection); 503 when the database is down",
    access: 'public',
    tags: ['health'],
    response: zHealth,
    handler: async ({ reply }) => {
      if (probe.state === 'down') reply.code(503);
      return {
        status: probe.state === 'down' ? ('unavailable' as const) : ('ok' as const),
        database: services.database.kind,
        database_state: probe.state,
        database_checked_at: probe.checkedAt?.toISOString() ?? null,
        database_latency_ms: probe.latencyMs,
        jobs: services.jobs.started,
        time: new Date().toISOString(),
      };
    },
  });
});
