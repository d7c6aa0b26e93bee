import type { Config } from './config';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { modules } from './modules/index';
import { WEB_DIST_DIR } from './paths';
import { registerLanes } from './platform/http/lanes';
import { registerJsonBody } from './platform/http/json-body';
import { transformDocument, transformRoute } from './platform/http/openapi';
import { registerErrors, registerIdentity } from './platform/http/plugins';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { validatorCompiler } from './platform/http/validation';
import { translate } from './platform/i18n';
import type { Services } from './platform/services';

export interface BuildOptions {
  services: Services;
  logger?: boolean;
}

/**
 * Builds the server: platform plugins, then the modules, then the console's static files. Tests build it too;
 * main.ts starts it.
 */
export async function buildApp({ services, logger }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: services.config.logLevel } : false,
    trustProxy: trustProxy(services.config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 300 },
  });
  app.decorate('services', services);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerJsonBody(app);
  registerLanes(app);
  registerSecurityHeaders(app);
  await app.register(rateLimit, {
    global: false,
    redis: services.config.redisUrl ? new Redis(services.config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 }) : undefined,
    nameSpace: 'gatehouse-rl-',
  });
  await app.register(multipart, { limits: { fileSize: 60 * 1024 * 1024, files: 5 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Gatehouse API', version: '0.1.0', description: 'Visitor, attendance and site-access management.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A console session or API token' },
          device: { type: 'http', scheme: 'bearer', bearerFormat: 'ghk_…', description: "A kiosk's device token (docs/kiosk-protocol.md)" },
          link: { type: 'apiKey', in: 'query', name: 'link', description: "A visitor's link code (pre-registration, confirmation, approval, online compliance, RFID, safety): sent where the operation's parameters or body name it" },
          scim: { type: 'http', scheme: 'bearer', description: 'The organisation’s SCIM token (`scim_…`), for /scim/v2' },
        },
      },
    },
    transform: transformRoute,
    transformObject: transformDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Every route, as registered (the OpenAPI test and the cross-tenant sweep check nothing escapes the document).
  const routeList: { method: string; url: string; hidden: boolean }[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) routeList.push({ method, url: r.url, hidden: !!(r.schema as { hide?: boolean } | undefined)?.hide });
  });

  registerIdentity(app);
  registerErrors(app);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  for (const mod of modules) await app.register(mod);

  const webDist = services.config.webDist ?? WEB_DIST_DIR;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, prefix: '/', wildcard: false, index: false });
  const indexHtml = hasWeb ? readFileSync(join(webDist, 'index.html'), 'utf8') : null;
  const kioskHtml = hasWeb && existsSync(join(webDist, 'kiosk.html')) ? readFileSync(join(webDist, 'kiosk.html'), 'utf8') : null;

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/socket.io')) {
      return reply.code(404).send({ message: translate(req.lang, 'errors.route_not_found') });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return reply.code(404).send({ message: translate(req.lang, 'errors.not_found') });
    if (kioskHtml && (path === '/kiosk' || path.startsWith('/kiosk/'))) return reply.type('text/html').send(kioskHtml);
    if (indexHtml) return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
    return reply.code(404).type('text/plain').send('The console is not built. Run `npm run build` (npm start does it for you).');
  });
  return app;
}

/** TRUST_PROXY as fastify takes it: a hop count becomes "trust the nearest n hops". */
function trustProxy(setting: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}
