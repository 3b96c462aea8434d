/**
 * Authentication, organisation context and permission checks, applied to every route from its
 * declared policy. Runs on onRequest so an anonymous caller gets 401 before any validation.
 */
import { ORGANIZATION_HEADER, type Permission } from '@orchard/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../db/client';
import { maintenanceState, memberships, organizations, rolePermissions, userRoles, users } from '../db/schema/index';
import { AppError, forbidden, notFound, unauthenticated, validationFailed } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';
import type { AppConfig } from '../config';

export interface AuthContext {
  userId: number;
}
export interface TenantContext {
  organizationId: number;
  permissions: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    tenant: TenantContext | null;
  }
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export function requireTenant(request: FastifyRequest): TenantContext & AuthContext {
  if (!request.auth) throw unauthenticated();
  if (!request.tenant) throw new Error('Route is not declared tenant-scoped');
  return { ...request.auth, ...request.tenant };
}

export function hasPermission(request: FastifyRequest, permission: Permission): boolean {
  return request.tenant?.permissions.has(permission) ?? false;
}

/** The permissions a user holds in an organisation through their roles there. */
export async function loadPermissions(db: AppDb, userId: number, organizationId: number): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(userRoles.organizationId, organizationId)));
  return new Set(rows.map((r) => r.permission));
}

export async function isActiveMember(db: AppDb, userId: number, organizationId: number): Promise<boolean> {
  const rows = await db
    .select({ id: organizations.id })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId), eq(organizations.isActive, true)),
    )
    .limit(1);
  return rows.length > 0;
}

interface RequestContextRow {
  isEnabled: boolean;
  isMember: boolean;
  permissions: string[];
}

function prepareContextQuery(db: AppDb) {
  const userId = sql.placeholder('userId');
  const organizationId = sql.placeholder('organizationId');
  return db
    .select({
      isEnabled: users.isEnabled,
      isMember: sql<boolean>`exists (
        select 1 from ${memberships} m join ${organizations} o on o.id = m.organization_id
        where m.user_id = ${userId} and m.organization_id = ${organizationId} and o.is_active)`,
      permissions: sql<string[]>`coalesce((
        select array_agg(distinct rp.permission) from ${userRoles} ur
        join ${rolePermissions} rp on rp.role_id = ur.role_id
        where ur.user_id = ${userId} and ur.organization_id = ${organizationId}), '{}'::text[])`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .prepare('access_request_context');
}

/** Prepared once per database: PostgreSQL plans the access query once per connection, not per request. */
const contextQueries = new WeakMap<AppDb, ReturnType<typeof prepareContextQuery>>();

/** Everything the access check needs about a user in an organisation, in one query. */
export async function loadRequestContext(
  db: AppDb,
  userId: number,
  organizationId: number | null,
): Promise<RequestContextRow | null> {
  if (organizationId === null) {
    const [row] = await db.select({ isEnabled: users.isEnabled }).from(users).where(eq(users.id, userId)).limit(1);
    return row ? { isEnabled: row.isEnabled, isMember: false, permissions: [] } : null;
  }
  let query = contextQueries.get(db);
  if (!query) {
    query = prepareContextQuery(db);
    contextQueries.set(db, query);
  }
  const [row] = await query.execute({ userId, organizationId });
  return row ?? null;
}

/** Maintenance flag, re-read at most every 500 ms so it reaches every instance quickly. */
function maintenanceReader(db: AppDb) {
  let cached: { value: boolean; at: number } | null = null;
  return {
    async isDown(): Promise<boolean> {
      const now = Date.now();
      if (cached && now - cached.at < 500) return cached.value;
      const rows = await db.select({ isDown: maintenanceState.isDown }).from(maintenanceState).where(eq(maintenanceState.id, 1));
      cached = { value: rows[0]?.isDown ?? false, at: now };
      return cached.value;
    },
    invalidate() {
      cached = null;
    },
  };
}

/**
 * Access checks reused for `ttlMs` on this instance. Every write through this instance clears them
 * (see the onSend hook), and a read that overlaps a clear is not stored, so on the instance
 * that made a change the next request sees it; other instances see it within `ttlMs`.
 */
function accessCache(ttlMs: number) {
  const entries = new Map<string, { value: RequestContextRow | null; expiresAt: number }>();
  let generation = 0;
  return {
    async get(userId: number, organizationId: number | null, load: () => Promise<RequestContextRow | null>) {
      if (ttlMs <= 0) return load();
      const key = `${userId}:${organizationId ?? ''}`;
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      const startedAt = generation;
      const value = await load();
      if (startedAt === generation) {
        if (entries.size >= 10_000) entries.clear();
        entries.set(key, { value, expiresAt: now + ttlMs });
      }
      return value;
    },
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    maintenance: { isDown(): Promise<boolean>; invalidate(): void };
    /** forget every cached access check (after writes made outside a request) */
    accessCache: { clear(): void };
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { db: AppDb; config: AppConfig }) => {
    const { db, config } = opts;
    app.decorateRequest('auth', null);
    app.decorateRequest('tenant', null);
    app.decorate('maintenance', maintenanceReader(db));
    const contexts = accessCache(config.accessCacheMs);
    app.decorate('accessCache', { clear: () => contexts.clear() });
    // Any write may change who is enabled, a member, or holds which permission. Cleared before the
    // answer leaves (the handler's transaction has committed), so the client's next call sees it.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (!READ_METHODS.has(request.method)) contexts.clear();
      return payload;
    });

    app.addHook('onRequest', async (request) => {
      const routeConfig = request.routeOptions.config as { auth?: unknown; tenant?: boolean; allowInMaintenance?: boolean };
      const policy = routeConfig.auth as import('./route-policy').AuthPolicy | undefined;
      if (policy === undefined) return; // unknown route (404 handler) or static files

      if (!routeConfig.allowInMaintenance && request.url.startsWith('/api') && (await app.maintenance.isDown())) {
        throw new AppError('MAINTENANCE', 'The system is down for maintenance');
      }
      if (policy === 'public') return;

      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      const userId = token ? await verifyAccessToken(config, token) : null;
      if (!userId) throw unauthenticated();
      const needsTenant = routeConfig.tenant === true || typeof policy === 'object';
      let organizationId: number | null = null;
      if (needsTenant) {
        const raw = request.headers[ORGANIZATION_HEADER];
        const value = Array.isArray(raw) ? raw[0] : raw;
        if (!value) {
          throw validationFailed('The current organisation is required', [
            { field: ORGANIZATION_HEADER, message: 'Required' },
          ]);
        }
        organizationId = Number(value);
        if (!Number.isInteger(organizationId) || organizationId <= 0 || organizationId > 2_147_483_647) {
          throw notFound('Organization');
        }
      }

      // One round trip: the user is still enabled, is an active member, and holds these permissions.
      const context = await contexts.get(userId, organizationId, () => loadRequestContext(db, userId, organizationId));
      if (!context || !context.isEnabled) throw unauthenticated();
      request.auth = { userId };
      if (organizationId === null) return;
      // Another organisation's context looks exactly like one that does not exist.
      if (!context.isMember) throw notFound('Organization');
      const permissions = new Set(context.permissions);
      request.tenant = { organizationId, permissions };

      if (typeof policy === 'object') {
        const missing = policy.permissions.filter((p) => !permissions.has(p));
        if (missing.length > 0) throw forbidden();
      }
    });
  },
  { name: 'access', dependencies: ['route-policy'] },
);
