import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';
import { createServices } from './platform/boot';
import { LockedError, openConfiguredDatabase } from './platform/db/client';
import { migrate } from './platform/db/migrate';
import { credentialsBox, seedOnFirstStart } from './modules/demo';
import { startDemoDirectories } from './modules/integrations';

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await migrate(database);
  const services = createServices(config, database);
  const app = await buildApp({ services, logger: true });
  services.realtime.attach(app.server);
  await services.jobs.start();
  // Demo data: local fakes of Wonde and Net2 to try a sync with (before the first start's seed points at them).
  const directories = config.demoData ? await startDemoDirectories(config.demoDirectoriesPort, (line) => console.log(line)).catch((err: Error) => console.error(`Demo directories not started: ${err.message}`)) : null;
  const credentials = await seedOnFirstStart(services, (line) => console.log(line));
  await app.listen({ port: config.port, host: config.host });
  console.log(`Gatehouse is serving ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
  // The generated password comes last, boxed, so that it is the line a first start leaves on the screen.
  if (credentials) console.log(credentialsBox(credentials.email, credentials.password, config.publicUrl));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close().catch(() => undefined);
    await services.realtime.close().catch(() => undefined);
    await services.jobs.stop();
    await directories?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof LockedError) {
    console.error(err.message);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
