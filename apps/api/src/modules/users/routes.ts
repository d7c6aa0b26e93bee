import { defineRoutes } from '../../platform/http/route';
import { registerActions } from './routes-actions';
import { registerCore } from './routes-core';
import { registerLookups } from './routes-lookups';

/** People: the users grid and form, lookups, mass actions, passports, RFID, face ID, duplicates. */
export default defineRoutes((r, services) => {
  registerCore(r, services);
  registerLookups(r);
  registerActions(r, services);
});
