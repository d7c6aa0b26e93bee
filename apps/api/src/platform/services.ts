import type { Config } from '../config';
import type { Database } from './db/client';
import type { Jobs } from './jobs';
import type { Mailer } from './mail';
import type { Realtime } from './realtime';
import type { Storage } from './storage';

/** What the platform hands every module. */
export interface Services {
  config: Config;
  database: Database;
  jobs: Jobs;
  mail: Mailer;
  realtime: Realtime;
  storage: Storage;
}
