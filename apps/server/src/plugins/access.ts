/**
 * Authentication, organisation context and permission checks, applied to every route from its
 * declared policy. Runs on onRequest so an anonymous caller gets 401 before any validation.
 */
import { ORGANIZATION_HEADER, parseId, type Clock, type Permission } from '@orchard/shared/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../db/client';
import { accessChangeMark } from '../db/changes';
import { AppError, forbidden, notFound, unauthenticated, validationFailed } from '../lib/errors';
import { verifyAccessToken } from '../lib/tokens';
import { findMaintenanceFlag, loadRequestContext, type RequestContextRow } from './access.repository';
import { isApiPath } from './route-policy';
import type { AppConfig } from '../config';

export interface AuthContext {
  userId: number;
  /** the session (refresh-token family) of the presented access token */
  sessionId: string;
  /** a platform operator: may act across organisations (docs/security.md, Sessions and super users) */
  isSuperUser: boolean;
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

/** Maintenance flag, re-read at most every 500 ms so it reaches every instance quickly. */
function maintenanceReader(db: AppDb) {
  let cached: { value: boolean; at: number } | null = null;
  return {
    async isDown(): Promise<boolean> {
      const now = Date.now();
      if (cached && now - cached.at < 500) return cached.value;
      cached = { value: await findMaintenanceFlag(db), at: now };
      return cached.value;
    },
    invalidate() {
      cached = null;
    },
  };
}

/**
 * Access checks reused for `ttlMs` on this instance. A write through this instance that changed an
 * access table clears them (see the onSend hook), and a read that overlaps a clear is not stored, so
 * on the instance that made a change the next request sees it; other instances see it when the change's notice
 * clears them (app.ts), and without it within `ttlMs` of the commit: a check is kept until `ttlMs`
 * after its read was started (by the app's clock), and a read that missed a change started before
 * that change was committed.
 */
function accessCache(ttlMs: number, clock: Clock) {
  const entries = new Map<string, { value: RequestContextRow | null; expiresAt: number }>();
  let generation = 0;
  return {
    async get(key: string, load: () => Promise<RequestContextRow | null>) {
      if (ttlMs <= 0) return load();
      const now = clock.now().getTime();
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

/** Methods that change nothing; any other request may write (the access cache and the planner statistics follow writes). */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export const accessPlugin = fp(
  async (app: FastifyInstance, opts: { db: AppDb; config: AppConfig }) => {
    const { db, config } = opts;
    app.decorateRequest('auth', null);
    app.decorateRequest('tenant', null);
    app.decorate('maintenance', maintenanceReader(db));
    const contexts = accessCache(config.accessCacheMs, app.clock);
    app.decorate('accessCache', { clear: () => contexts.clear() });
    // A write that changed who is enabled, a member, or holds which permission moved the access
    // change mark (db/changes.ts) during its request: cleared before the answer leaves, so the
    // client's next call sees it. Other writes (bins, estimates, captures) leave the checks be.
    const marks = new WeakMap<FastifyRequest, number>();
    const markNow = () => accessChangeMark(db).catch(() => -1);
    app.addHook('onRequest', async (request) => {
      if (!READ_METHODS.has(request.method)) marks.set(request, await markNow());
    });
    app.addHook('onSend', async (request, _reply, payload) => {
      if (READ_METHODS.has(request.method)) return payload;
      const before = marks.get(request);
      const now = await markNow();
      if (before === undefined || before === -1 || now === -1 || now !== before) contexts.clear();
      return payload;
    });

    app.addHook('onRequest', async (request) => {
      const routeConfig = request.routeOptions.config as { auth?: unknown; tenant?: boolean; allowInMaintenance?: boolean };
      const policy = routeConfig.auth as import('./route-policy').AuthPolicy | undefined;
      if (policy === undefined) return; // unknown route (404 handler) or static files

      if (!routeConfig.allowInMaintenance && isApiPath(request) && (await app.maintenance.isDown())) {
        throw new AppError('MAINTENANCE', 'The system is down for maintenance');
      }
      if (policy === 'public') return;

      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
      const subject = token ? await verifyAccessToken(config, token) : null;
      if (!subject) throw unauthenticated();
      const { userId, sessionId } = subject;
      const needsTenant = routeConfig.tenant === true || typeof policy === 'object';
      let organizationId: number | null = null;
      if (needsTenant) {
        const raw = request.headers[ORGANIZATION_HEADER];
        const value = Array.isArray(raw) ? raw[0] : raw;
        if (!value) {
          throw validationFailed(
            'The current organisation is required',
            [{ field: ORGANIZATION_HEADER, message: 'Required', reason: 'organisation-required' }],
            'organisation-required',
          );
        }
        organizationId = parseId(value);
        if (organizationId === null) throw notFound('Organization');
      }

      // One round trip: the user is still enabled, the session not ended, an active member, and holds these permissions.
      const context = await contexts.get(`${userId}:${sessionId}:${organizationId ?? ''}`, () =>
        loadRequestContext(db, userId, sessionId, organizationId),
      );
      if (!context || !context.isEnabled || !context.isSessionLive) throw unauthenticated();
      request.auth = { userId, sessionId, isSuperUser: context.isSuperUser };
      if (policy === 'superUser' && !context.isSuperUser) throw forbidden();
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
