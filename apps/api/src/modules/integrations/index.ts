/** What other modules may use of directory integrations (module boundary). */
export { integrationsTick } from './runs';
export { scimEndpoint, scimTokenRoutes } from './scim/routes';
export { visitAccessChanged } from './net2-visitors';
export { seedDemoIntegration } from './demo';
export { startDemoDirectories } from './fakes/demo';
