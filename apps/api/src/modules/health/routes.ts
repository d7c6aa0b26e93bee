import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineRoutes } from '../../platform/http/route';

export default defineRoutes((r, services) => {
  r.route({
    method: 'GET',
    url: '/api/health',
    summary: 'Liveness and database check',
    access: 'public',
    tags: ['health'],
    response: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), jobs: z.boolean(), time: z.string() }),
    handler: async () => {
      await services.database.db.execute(sql`select 1`);
      return { status: 'ok' as const, database: services.database.kind, jobs: services.jobs.started, time: new Date().toISOString() };
    },
  });
});
