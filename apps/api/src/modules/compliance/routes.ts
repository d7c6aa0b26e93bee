import type { FastifyPluginAsync } from 'fastify';
import answerRoutes from './answer-routes';
import certificateRoutes from './certificate-routes';
import complianceRoutes from './compliance-routes';
import { registerComplianceLinkJobs } from './link-jobs';
import onlineRoutes from './online-routes';

/** Entry conditions, answers and compliance links (rules 144-148, 205-215); the link mails' jobs (rules 199-200). */
const complianceModule: FastifyPluginAsync = async (app) => {
  registerComplianceLinkJobs(app.services);
  await app.register(complianceRoutes);
  await app.register(answerRoutes);
  await app.register(onlineRoutes);
  await app.register(certificateRoutes);
};
export default complianceModule;
