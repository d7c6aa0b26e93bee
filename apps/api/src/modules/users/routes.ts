import { defineRoutes } from '../../platform/http/route';
import { registerActions } from './routes-actions';
import { registerCore } from './routes-core';
import { registerLookups } from './routes-lookups';
import { registerNamePairs } from './name-pairs';

/** People: the users grid and form, lookups, mass actions, passports, RFID, face ID, duplicates. */
export default defineRoutes((r, services) => {
  registerCore(r, services);
  registerLookups(r);
  registerActions(r, services);
  registerNamePairs(services);
});
