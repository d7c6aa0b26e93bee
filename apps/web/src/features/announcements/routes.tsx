import type { AppRoute } from '../../lib/route-types';

/** Announcements (rules 262-265; issue 17 part 6): the grid with its three tabs, create, detail and edit. */
export const announcementsRoutes: AppRoute[] = [
  { path: '/announcements', page: () => import('./pages/AnnouncementsPage'), title: 'announcements:title', permission: 'announcements', packageRule: 'cloud' },
  { path: '/add-announcement', page: () => import('./pages/AddAnnouncementPage'), title: 'announcements:add_title', permission: 'announcements', packageRule: 'cloud', parent: '/announcements' },
  { path: '/announcement-details', page: () => import('./pages/AnnouncementDetailsPage'), title: 'announcements:details_title', permission: 'announcements', packageRule: 'cloud', parent: '/announcements' },
];
