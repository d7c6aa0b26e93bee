import type { AppRoute } from '../../lib/route-types';

/** Journey builder pages (rules 195-204); after a flow is saved the console goes to /update/journey/{journey_id} (rule 297). */
export const journeysRoutes: AppRoute[] = [
  { path: '/journeys', page: () => import('./pages/JourneysPage'), title: 'journeys:title', permission: 'journeys', packageRule: 'cloud' },
  { path: '/add-journey', page: () => import('./pages/JourneyFormPage'), title: 'journeys:add_title', permission: 'journeys', parent: '/journeys', packageRule: 'cloud' },
  { path: '/update/journey/:id', page: () => import('./pages/JourneyFormPage'), title: 'journeys:edit_title', permission: 'journeys', parent: '/journeys', packageRule: 'cloud' },
  { path: '/add-flow', page: () => import('./pages/FlowFormPage'), title: 'journeys:add_flow_title', permission: 'journeys', parent: '/journeys', packageRule: 'cloud' },
  { path: '/add/journey/flow/:id', page: () => import('./pages/FlowFormPage'), title: 'journeys:add_flow_title', permission: 'journeys', parent: '/journeys', packageRule: 'cloud' },
  { path: '/update/journey/flow/:id', page: () => import('./pages/FlowFormPage'), title: 'journeys:edit_flow_title', permission: 'journeys', parent: '/journeys', packageRule: 'cloud' },
];
