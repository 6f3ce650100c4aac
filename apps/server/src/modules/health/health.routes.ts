import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { LogLevel } from 'fastify';
import type pg from 'pg';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/openapi';
import { route } from '../../lib/endpoint-route';

/** Liveness (/healthz: the process answers) and readiness (/readyz: the database answers). */
export const healthRoutes: FastifyPluginCallbackZod<{ pool: pg.Pool; logLevel: LogLevel }> = (
  app,
  { pool, logLevel },
  done,
) => {
  route(
    app,
    'health.liveness',
    {
      config: { access: 'public' },
      logLevel,
      schema: { tags: ['health'], summary: 'Liveness' },
    },
    () => ({ status: 'ok' as const }),
  );

  route(
    app,
    'health.readiness',
    {
      config: { access: 'public' },
      logLevel,
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers',
        response: errorResponses(503),
      },
    },
    async (request) => {
      try {
        await pool.query('select 1');
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        throw new AppError('SERVICE_UNAVAILABLE', 'The database is not reachable.', { cause: error });
      }
      return { status: 'ok' as const };
    },
  );

  done();
};
