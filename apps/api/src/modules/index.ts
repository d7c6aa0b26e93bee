import type { FastifyPluginAsync } from 'fastify';
import auth from './auth/routes';
import entity from './entity/routes';
import expectedVisits from './visits/routes';
import health from './health/routes';
import passport from './passport/routes';
import preferences from './preferences/routes';
import preregCustomFields from './visits/custom-fields-routes';
import roles from './roles/routes';
import sites from './sites/routes';
import areas from './areas/routes';
import areaChecks from './areas/check-routes';
import devices from './devices/routes';
import kiosks from './kiosks/routes';
import kioskCommands from './kiosks/command-routes';
import kioskRegister from './kiosks/register-routes';
import userTypes from './user-types/routes';
import users from './users/routes';
import customFields from './custom-fields/routes';
import documents from './documents/routes';
import usersImport from './users-import/routes';
import journeys from './journeys/routes';
import compliance from './compliance/routes';
import prereg from './visits/prereg-routes';
import preregLinks from './visits/link-routes';
import attendance from './attendance/routes';
import signin from './signin/routes';
import kioskApp from './kiosk-app/routes';
import dashboard from './dashboard/routes';
import massActions from './mass-actions/routes';
import { emergencyLinkRoutes, emergencyReportRoutes, emergencyRoutes } from './emergency/index';
import { announcementRoutes } from './announcements/index';
import reports from './reports/routes';
import print from './print/routes';
import exportsRoutes from './exports/routes';
import privacy from './privacy/routes';
import integrations from './integrations/routes';
import { scimEndpoint, scimTokenRoutes } from './integrations/index';

/** Every module's routes, in one list. A new area adds one line. */
export const modules: FastifyPluginAsync[] = [
  health,
  auth,
  passport,
  entity,
  preferences,
  roles,
  expectedVisits,
  sites,
  areas,
  areaChecks,
  devices,
  kiosks,
  kioskCommands,
  kioskRegister,
  userTypes,
  users,
  customFields,
  documents,
  usersImport,
  journeys,
  compliance,
  prereg,
  preregLinks,
  attendance,
  signin,
  kioskApp,
  dashboard,
  reports,
  print,
  exportsRoutes,
  privacy,
  integrations,
  scimEndpoint,
  scimTokenRoutes,
  massActions,
  preregCustomFields,
  emergencyRoutes,
  emergencyLinkRoutes,
  emergencyReportRoutes,
  announcementRoutes,
];
