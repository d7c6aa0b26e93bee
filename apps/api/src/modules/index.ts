import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/routes';
import entity from './entity/routes';
import health from './health/routes';
import passport from './passport/routes';
import preferences from './preferences/routes';
import userTypes from './user-types/routes';
import users from './users/routes';
import customFields from './custom-fields/routes';
import documents from './documents/routes';
import usersImport from './users-import/routes';

/** Every module's routes, in one list. A new area adds one line. */
export const modules: FastifyPluginAsync[] = [
  health,
  auth,
  passport,
  entity,
  preferences,
  userTypes,
  users,
  customFields,
  documents,
  usersImport,
];
