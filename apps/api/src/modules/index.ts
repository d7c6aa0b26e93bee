import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/routes';
import entity from './entity/routes';
import expectedVisits from './expected-visits/routes';
import health from './health/routes';
import passport from './passport/routes';
import preferences from './preferences/routes';
import prereg from './prereg/routes';
import preregLinks from './prereg/link-routes';

/** Every module's routes, in one list. A new area adds one line. */
export const modules: FastifyPluginAsync[] = [
  health,
  auth,
  passport,
  entity,
  preferences,
  prereg,
  preregLinks,
  expectedVisits,
];
