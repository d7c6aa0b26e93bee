import type { FastifyPluginAsync } from 'fastify';
import answerRoutes from './answer-routes';
import certificateRoutes from './certificate-routes';
import complianceRoutes from './compliance-routes';
import onlineRoutes from './online-routes';

/** Entry conditions, answers and compliance links (rules 144-148, 205-215). */
const complianceModule: FastifyPluginAsync = async (app) => {
  await app.register(complianceRoutes);
  await app.register(answerRoutes);
  await app.register(onlineRoutes);
  await app.register(certificateRoutes);
};
export default complianceModule;
