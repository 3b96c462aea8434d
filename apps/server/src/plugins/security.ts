/** Security headers on every answer, and no caching of API answers. */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The policy the web app runs under (bundled scripts, fonts and themes; images from blobs). */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      crossOriginEmbedderPolicy: false,
      hsts: false,
      frameguard: { action: 'deny' },
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/api') || request.url.startsWith('/connect')) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security' },
);
