import type { FastifyPluginAsync } from 'fastify';
import flowRoutes from './flow-routes';
import journeyRoutes from './journey-routes';
import lookupRoutes from './lookup-routes';

/** Journeys, flows and their lookups (rules 97, 192, 195-204). */
const journeysModule: FastifyPluginAsync = async (app) => {
  await app.register(journeyRoutes);
  await app.register(flowRoutes);
  await app.register(lookupRoutes);
};
export default journeysModule;
