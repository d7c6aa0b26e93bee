/** What other modules may use of announcements (module boundaries). */
export { default as announcementRoutes } from './routes';
export { sanitizeAnnouncementHtml } from './sanitize';
