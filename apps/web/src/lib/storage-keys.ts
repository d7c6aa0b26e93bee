/** Local storage keys. Logout keeps KEEP_ON_LOGOUT (rule 77: the sidebar preference; and the device's language). */
export const SESSION_KEY = 'gatehouse.session';
export const SIDEBAR_KEY = 'sidebarExpanded';
export const LANGUAGE_KEY = 'language';
export const KEEP_ON_LOGOUT = [SIDEBAR_KEY, LANGUAGE_KEY];
