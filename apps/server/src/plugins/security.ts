/** Security headers on every answer, and no caching of API answers. */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FARM_MAP_TILE_URL_DEFAULT } from '@orchard/shared';
import { isApiPath, isConnectPath } from './route-policy';

/** The farm map's tile server (scheme and host of the tile URL template). */
const MAP_TILE_ORIGIN = FARM_MAP_TILE_URL_DEFAULT.split('/').slice(0, 3).join('/');

/**
 * The policy the web app runs under (bundled scripts, fonts and themes; images from blobs and map
 * tiles; the offline shell's service worker, /sw.js, from the same origin).
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', MAP_TILE_ORIGIN],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      crossOriginEmbedderPolicy: false,
      // HTTPS only in production (a year, subdomains too); development runs on plain http://localhost
      hsts: app.config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      frameguard: { action: 'deny' },
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (isApiPath(request) || isConnectPath(request)) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security', dependencies: ['route-policy'] },
);
