import { join } from 'node:path';
import type { Config } from '../config';
import type { Database } from './db/client';
import { Jobs } from './jobs';
import { Mailer, registerMailWorker } from './mail';
import { Realtime } from './realtime';
import type { Services } from './services';
import { Storage } from './storage';

export function createServices(config: Config, database: Database): Services {
  const jobs = new Jobs(database);
  const mail = new Mailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir }, jobs);
  registerMailWorker(jobs, mail);
  return {
    config,
    database,
    jobs,
    mail,
    realtime: new Realtime(database.db, config.redisUrl, config.kioskHeartbeatMs),
    storage: new Storage(join(config.dataDir, 'files')),
  };
}
