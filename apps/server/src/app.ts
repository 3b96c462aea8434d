/**
 * Builds the Fastify application. Nothing here listens: server.ts does that, tests use inject().
 */
import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '@orchard/shared/core';
import { systemClock } from '@orchard/shared/core';
import type { AppConfig } from './config';
import type { DbHandle } from './db/client';
import { watchChanges, type ChangeWatch } from './db/changes';
import { keepStatisticsFresh } from './db/statistics';
import { accessPlugin, READ_METHODS } from './plugins/access';
import { errorsPlugin, sendError } from './plugins/errors';
import { inputPlugin } from './plugins/input';
import { routePolicyPlugin } from './plugins/route-policy';
import { securityPlugin } from './plugins/security';
import { docsPlugin } from './plugins/docs';
import { findWebDist, webAppMissingNotice, webAppMissingPlugin, webAppPlugin } from './plugins/web-app';
import { registerModules } from './modules/index';
import { compressionPlugin } from './plugins/compression';
import { metricsPlugin } from './plugins/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    db: DbHandle['db'];
    dbKind: DbHandle['kind'];
    config: AppConfig;
    /** "now" for every service that dates, windows or exports by the calendar */
    clock: Clock;
    /** what the server says under its address once it listens (server.ts prints them) */
    startNotices: readonly string[];
  }
}

export interface BuildAppOptions {
  db: DbHandle;
  config: AppConfig;
  /** where "now" comes from (default: the real time); tests give a fixed or movable one */
  clock?: Clock;
}

export async function buildApp({ db, config, clock = systemClock }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // While closing (SIGTERM: server.ts), a request that reaches this instance on a connection it
    // already holds is answered as usual (with "Connection: close"), not refused with 503: the
    // caller chose this instance before it began to close. New connections are refused.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db.db);
  app.decorate('dbKind', db.kind);
  app.decorate('config', config);
  app.decorate('clock', clock);

  await app.register(routePolicyPlugin);
  // first, so every request is counted, refused ones too
  await app.register(metricsPlugin, { db });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(inputPlugin);
  await app.register(cookie);
  await app.register(formbody);
  // routes pass tighter limits to request.file() (e.g. avatars: 1,000,000 bytes)
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024, files: 1, fields: 20 } });
  await app.register(rateLimit, { global: false });
  await app.register(accessPlugin, { db: db.db, config });
  await app.register(compressionPlugin);

  // A committed change to an access table, by anyone, clears this instance's access checks (db/changes.ts).
  const changes: ChangeWatch = await watchChanges(db, {
    onChange: () => app.accessCache.clear(),
    onLost: (err) => {
      app.log.warn({ err }, 'access change notices lost: access checks are kept at most ACCESS_CACHE_MS until they are back');
      app.accessCache.clear();
    },
  });
  app.addHook('onClose', async () => changes.close());

  const statistics = keepStatisticsFresh(db, config.statisticsRefreshSeconds * 1000, (err) => app.log.warn({ err }, 'refreshing planner statistics failed'));
  if (statistics) {
    app.addHook('onResponse', (request, reply, done) => {
      if (!READ_METHODS.has(request.method) && reply.statusCode < 400) statistics.noteWrite();
      done();
    });
    app.addHook('onClose', () => statistics.stop());
  }

  await app.register(docsPlugin);
  await registerModules(app);
  const webRoot = findWebDist(config.webDistDir);
  if (webRoot) await app.register(webAppPlugin, { root: webRoot });
  else await app.register(webAppMissingPlugin);
  app.decorate('startNotices', webRoot ? [] : [webAppMissingNotice(config.webDistDir)]);

  // Unknown paths answer the envelope; the 404 handler is rate limited so it cannot be used to
  // probe cheaply. (GETs outside the API belong to the web app, see plugins/web-app.ts.)
  app.setNotFoundHandler({ preHandler: app.rateLimit({ max: 120, timeWindow: '1 minute' }) }, (request, reply) =>
    sendError(reply, request, 'NOT_FOUND', 'Not found'),
  );

  return app;
}
