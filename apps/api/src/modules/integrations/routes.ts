import { defineRoutes } from '../../platform/http/route';
import { net2Routes } from './routes-net2';
import { peopleRoutes } from './routes-people';
import { setupRoutes } from './routes-setup';
import { writebackRoutes } from './routes-writeback';
import { runSync, SYNC_JOB, type SyncJob } from './sync';

/** Directory integrations (issue 19): the 33 calls under /api/integration, the sync and write-back jobs. */
export default defineRoutes((r, services) => {
  services.jobs.work<SyncJob>(SYNC_JOB, async (job) => {
    await runSync(services, job.entityId, job.runId);
  });
  setupRoutes(r, services);
  peopleRoutes(r, services);
  writebackRoutes(r, services);
  net2Routes(r, services);
});
