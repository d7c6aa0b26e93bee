import { alias } from 'drizzle-orm/pg-core';
import { areas, sites, users, userTypes, visits } from '../../db/schema/index';

/** The visit's host: join it as `leftJoin(hosts, eq(hosts.id, visits.hostUserId))`. */
export const hosts = alias(users, 'hosts');

/**
 * The person with their user type, and the site and area, as the logbook's rows name them (scans and expected
 * visits alike). The query joins `users`, `userTypes`, `sites` and `areas`.
 */
export const personAndPlaceColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  userTypeId: userTypes.id,
  userTypeName: userTypes.name,
  siteId: sites.id,
  siteName: sites.name,
  areaId: areas.id,
  areaName: areas.name,
};

/** What the logbook shows of the visit: journey stage, date and time, admin notes and host (joins `visits` and `hosts`). */
export const visitDetailColumns = {
  journeyStage: visits.journeyStage,
  visitDate: visits.visitDate,
  visitTime: visits.visitTime,
  adminNotes: visits.adminNotes,
  hostId: hosts.id,
  hostFirst: hosts.firstName,
  hostLast: hosts.lastName,
};
