/**
 * Security headers on every answer, and no caching of API answers.
 *
 * The headers are helmet's for the options below. They do not depend on the request, so helmet is
 * asked for them once, when the app is built, and every answer is given the same set: helmet's
 * Fastify plugin ran helmet afresh on every request, parsing the Content-Security-Policy each time
 * and making objects the garbage collector then had to clear: a kept answer under load went more
 * than twice as fast without it (BENCHMARKS.md, Section `routes`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { FARM_MAP_TILE_URL_DEFAULT } from '@orchard/shared/organizations';
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

/** The headers helmet sets for `options`: it is run once against a response that only records them. */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** helmet's options for the app in an environment. */
export function securityHeaderOptions(env: string): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    // HTTPS only in production (a year, subdomains too); development runs on plain http://localhost
    hsts: env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
  };
}

export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    const headers = helmetHeaders(securityHeaderOptions(app.config.env));
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
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
