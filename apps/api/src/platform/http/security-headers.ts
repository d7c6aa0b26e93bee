import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every answer (helmet): the content security policy the console and the kiosk need (their
 * own scripts; inline styles from Mantine; map tiles and photos as images; Socket.IO over ws), and no
 * cross-origin embedder policy (map tiles come from another origin). Helmet's middleware is built once here:
 * @fastify/helmet built it again for every request, which showed in the sign-in benchmark's allocations.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        mediaSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => apply(req.raw, reply.raw, (err) => done(err as Error | undefined)));
}
