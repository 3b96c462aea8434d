/**
 * Every route declares who may call it (config.auth) and whether it works inside the current
 * organisation (config.tenant). The inventory collected here lets a test fail on any route that
 * forgot to say.
 */
import type { Permission } from '@orchard/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export type AuthPolicy = 'public' | 'authenticated' | { permissions: readonly Permission[] };

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
  schema: { params?: unknown; querystring?: unknown; body?: unknown } | undefined;
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
export function markRoutesPublic(instance: FastifyInstance): void {
  instance.addHook('onRoute', (route) => {
    route.config = { ...(route.config as object), auth: 'public', tenant: false, allowInMaintenance: true };
  });
}
