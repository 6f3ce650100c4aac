import fastifyPlugin from 'fastify-plugin';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { readAggregationBacklog, type AggregationStatus } from '../../jobs/aggregate-events';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/openapi';
import type { BatchWriterStats } from '../tracking/event-writer';
import type { TrackingStats } from '../tracking/tracking.routes';
import { route } from '../../lib/endpoint-route';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * `/metrics` in Prometheus' text format (prom-client): request rates and latencies by route, the
 * database pool, the aggregation poller's lag and failures, the tracking backlog and the tracking
 * writer's counters, and Node's own (event loop lag, heap, CPU). See docs/operations.md "Metrics".
 *
 * Who may read it: with METRICS_TOKEN set, a caller that sends it as a bearer token; without, only
 * a caller on this machine (loopback). Anybody else gets 404, as if there were no such page.
 */
const metricsPlugin: FastifyPluginCallbackZod<{
  db: Database;
  pool: pg.Pool;
  token: string | undefined;
  tracking: TrackingStats;
  trackingWriter: BatchWriterStats;
  aggregation: AggregationStatus;
}> = (app, { db, pool, token, tracking, trackingWriter, aggregation }, done) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'mergedesk_' });

  const requestDuration = new Histogram({
    name: 'mergedesk_http_request_duration_seconds',
    help: 'HTTP requests answered by the API, by method, route pattern and status code (the tracking fast path is counted apart).',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  // The answer's route pattern, never its URL: /t/o/{token}.gif must not become one series a token.
  app.addHook('onResponse', (request, reply, next) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requestDuration.labels(request.method, route, String(reply.statusCode)).observe(reply.elapsedTime / 1000);
    next();
  });

  new Gauge({
    name: 'mergedesk_db_pool_connections',
    help: 'Connections of the database pool: total, idle, and callers waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  new Gauge({
    name: 'mergedesk_aggregation_lag_seconds',
    help: 'How late the last tracked hits reached the counters (the poller warns past 60 s).',
    registers: [registry],
    collect() {
      this.set(aggregation.lagMs === null ? 0 : aggregation.lagMs / 1000);
    },
  });
  new Gauge({
    name: 'mergedesk_aggregation_consecutive_failures',
    help: 'Aggregation runs failed in a row (0 while it works; grows during a database outage).',
    registers: [registry],
    collect() {
      this.set(aggregation.consecutiveFailures);
    },
  });
  new Gauge({
    name: 'mergedesk_aggregation_backlog',
    help: 'Work waiting for the aggregation poller: queued hit batches, the hits in them, and events not yet counted.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      // Not readable while the database is away: the series are left out rather than wrong.
      try {
        const backlog = await readAggregationBacklog(db);
        this.set({ kind: 'hit_batches' }, backlog.hitBatches);
        this.set({ kind: 'hits' }, backlog.hits);
        this.set({ kind: 'events' }, backlog.events);
      } catch {
        this.reset();
      }
    },
  });

  const counterOf = (name: string, help: string, read: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  counterOf(
    'mergedesk_tracking_hits_written_total',
    'Tracked hits written by the tracking writer.',
    () => trackingWriter.items,
  );
  counterOf(
    'mergedesk_tracking_batches_written_total',
    'Batches written by the tracking writer.',
    () => trackingWriter.batches,
  );
  counterOf(
    'mergedesk_tracking_hits_lost_total',
    'Tracked hits answered but not stored.',
    () => tracking.lost,
  );
  counterOf(
    'mergedesk_tracking_hits_limited_total',
    'Tracked hits over a rate limit (answered, not stored).',
    () => tracking.limited,
  );

  route(
    app,
    'health.metrics',
    {
      config: { access: 'public' },
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (METRICS_TOKEN as a bearer token; without one, loopback only)',
        response: { 200: z.string().describe('text/plain; version=0.0.4'), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const allowed =
        token === undefined
          ? LOOPBACK.has(request.socket.remoteAddress ?? '')
          : sameSecret(request.headers.authorization ?? '', `Bearer ${token}`);
      if (!allowed) throw new AppError('NOT_FOUND', 'Not found.');
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  );
  done();
};

/**
 * Not encapsulated (fastify-plugin): its onResponse hook must time every route of the app, not
 * only /metrics.
 */
export const metricsRoutes = fastifyPlugin(metricsPlugin, { name: 'metrics' });
