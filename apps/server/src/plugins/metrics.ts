/**
 * What /metrics (modules/metrics) reports about this app, in the Prometheus text format
 * (prom-client): every request by route pattern, method and status (the route as registered, such
 * as /api/users/:id, never the path with its ids, so the series stay few), the requests in flight,
 * each database statement's duration by engine (no SQL in any label), the PostgreSQL pool, and the
 * embedded database process's memory. The process's own metrics (Node's defaults, the capture
 * counters) come from lib/metrics.ts. /metrics itself is not counted.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DbHandle, PoolStats } from '../db/client';
import { collectProcessMetrics, processRegistry } from '../lib/metrics';

export const METRICS_PATH = '/metrics';

/** Request durations (seconds): around the budgets (docs/quality.md) and the 500 ms p95 alert. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Statement durations (seconds): most take a millisecond or two, reports tens. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The route label of a request no route answered (the 404 handler). */
export const NO_ROUTE = '(none)';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      /** the Prometheus text of this app's and this process's metrics */
      render(): Promise<string>;
      contentType: string;
    };
  }
}

function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? NO_ROUTE;
}

export const metricsPlugin = fp(
  async (app: FastifyInstance, { db }: { db: DbHandle }) => {
    collectProcessMetrics();
    const registry = new Registry();
    const labelNames = ['method', 'route', 'status'] as const;
    const requests = new Counter({
      name: 'orchard_http_requests_total',
      help: 'Requests answered, by route pattern, method and status.',
      labelNames,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'orchard_http_request_duration_seconds',
      help: 'Time from a request received to its answer sent, by route pattern, method and status.',
      labelNames,
      buckets: REQUEST_BUCKETS,
      registers: [registry],
    });
    const inFlight = new Gauge({
      name: 'orchard_http_requests_in_flight',
      help: 'Requests received and not yet answered (or abandoned by their caller).',
      registers: [registry],
    });
    const queries = new Histogram({
      name: 'orchard_db_query_duration_seconds',
      help: 'Time each database statement of the app took, by engine (pglite or postgres) and outcome (ok or error).',
      labelNames: ['engine', 'outcome'] as const,
      buckets: QUERY_BUCKETS,
      registers: [registry],
    });

    const engine = db.kind;
    const stopObserving = db.observeQueries((seconds, failed) => queries.observe({ engine, outcome: failed ? 'error' : 'ok' }, seconds));
    app.addHook('onClose', async () => stopObserving());

    const { poolStats, databaseMemory } = db;
    if (poolStats) {
      const gauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read(poolStats()));
          },
        });
      gauge('orchard_db_pool_connections', 'PostgreSQL connections the pool holds open (busy and idle).', (s) => s.total);
      gauge('orchard_db_pool_idle_connections', 'PostgreSQL connections open and free in the pool.', (s) => s.idle);
      gauge('orchard_db_pool_waiting_queries', 'Queries waiting for a free PostgreSQL connection (the pool is at its size).', (s) => s.waiting);
    }
    if (databaseMemory) {
      new Gauge({
        name: 'orchard_embedded_database_memory_bytes',
        help: "The embedded database process's memory as it reports it (rss includes PGlite's WebAssembly heap); absent when the process did not answer within a second.",
        labelNames: ['kind'] as const,
        registers: [registry],
        async collect() {
          this.reset();
          const memory = await databaseMemory();
          if (!memory) return;
          this.set({ kind: 'rss' }, memory.rss);
          this.set({ kind: 'heap_used' }, memory.heapUsed);
          this.set({ kind: 'external' }, memory.external);
          this.set({ kind: 'array_buffers' }, memory.arrayBuffers);
        },
      });
    }

    const counted = (request: FastifyRequest) => request.routeOptions.url !== METRICS_PATH;
    app.addHook('onRequest', (request, reply, done) => {
      if (counted(request)) {
        inFlight.inc();
        // 'close' comes once whether the answer was sent or the caller went away
        reply.raw.once('close', () => inFlight.dec());
      }
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      if (counted(request)) {
        const labels = { method: request.method, route: routeLabel(request), status: String(reply.statusCode) };
        requests.inc(labels);
        durations.observe(labels, reply.elapsedTime / 1000);
      }
      done();
    });

    app.decorate('metrics', {
      contentType: registry.contentType,
      render: async () => `${await processRegistry.metrics()}\n${await registry.metrics()}`,
    });
  },
  { name: 'metrics' },
);
