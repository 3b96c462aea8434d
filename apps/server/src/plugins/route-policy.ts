/**
 * Every route declares who may call it (config.auth) and whether it works inside the current
 * organisation (config.tenant). The inventory collected here lets a test fail on any route that
 * forgot to say.
 */
import type { Permission } from '@orchard/shared/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UploadRule } from '../http/upload';

/**
 * - public: anyone; authenticated: any signed-in user with a live session;
 * - superUser: a platform operator (users.is_super_user), whatever their roles in any organisation;
 * - { permissions }: inside the current organisation, holding every one of them.
 */
export type AuthPolicy = 'public' | 'authenticated' | 'superUser' | { permissions: readonly Permission[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthPolicy;
    /** true: the request must name a current organisation the user belongs to (X-Organization-Id) */
    tenant?: boolean;
    /** still served while the system is in maintenance */
    allowInMaintenance?: boolean;
  }
  interface FastifyInstance {
    routeInventory: RouteInventoryEntry[];
  }
}

export interface RouteInventoryEntry {
  method: string;
  url: string;
  auth: AuthPolicy | undefined;
  tenant: boolean | undefined;
  /** the route's validation schemas (zod), for tests that generate requests from them */
  schema: { params?: unknown; querystring?: unknown; body?: unknown; consumes?: readonly string[] } | undefined;
  /** an upload route's byte limit and form field (http/upload.ts) */
  upload: UploadRule | undefined;
}

export const routePolicyPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('routeInventory', [] as RouteInventoryEntry[]);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD') continue;
        // read lazily: a plugin's own onRoute hook (see markRoutesPublic) may fill the config in later
        app.routeInventory.push({
          method,
          url: route.url,
          get auth() {
            return (route.config as { auth?: AuthPolicy } | undefined)?.auth;
          },
          get tenant() {
            return (route.config as { tenant?: boolean } | undefined)?.tenant;
          },
          get schema() {
            return route.schema as RouteInventoryEntry['schema'];
          },
          get upload() {
            return (route.config as { upload?: UploadRule } | undefined)?.upload;
          },
        });
      }
    });
  },
  { name: 'route-policy' },
);

/**
 * For routes registered by third-party plugins (static files, API docs) that cannot take our
 * config: call inside the plugin's own encapsulated context, before registering it.
 */
export function markRoutesPublic(instance: FastifyInstance, auth: 'public' | 'authenticated' = 'public'): void {
  instance.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), auth, tenant: false, allowInMaintenance: true };
  });
}

/**
 * The path every path rule (maintenance, caching, API or web app) judges a request by, seen the way
 * the router matches it: the route's own pattern when a route answers, otherwise the decoded
 * request path. Lower case, because the router ignores case ("/API/USERS" is "/api/users").
 */
export function policyPath(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern && !pattern.includes('*')) return pattern.toLowerCase();
  return requestPath(request.url);
}

/** A request URL's path, decoded and in lower case, as the router reads it. */
export function requestPath(url: string): string {
  const raw = url.split('?', 1)[0] ?? '/';
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // a malformed escape: judge the raw path
  }
  return decoded.replace(/\/{2,}/g, '/').toLowerCase();
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The JSON API (maintenance applies, never cached). */
export function isApiPath(request: FastifyRequest): boolean {
  return under(policyPath(request), '/api');
}

/** The token and logout endpoints (never cached). */
export function isConnectPath(request: FastifyRequest): boolean {
  return under(policyPath(request), '/connect');
}
