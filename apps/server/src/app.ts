import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { PRODUCT_NAME } from '@mergedesk/domain/constants';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type pg from 'pg';
import { isLocalSetup, isLoopbackHost, type Config } from './config';
import type { Database } from './db/client';
import { registerAccessPolicy } from './lib/access';
import { registerCompression } from './lib/compression';
import { createSerializerCompiler } from './lib/fast-serializer';
import { AppError } from './lib/app-error';
import { frameworkErrors, registerErrorHandlers, serializeError } from './lib/error-handler';
import {
  logRedactionHooks,
  redactLogFields,
  redactSerializedError,
  serializeRequestForLog,
} from './lib/log-redaction';
import { registerSecurityHeaders } from './lib/security-headers';
import { wellFormedValidatorCompiler } from './lib/well-formed-validator';
import { isWebAppPage, registerWebApp, resolveWebDistDir, WEB_APP_ROUTE_URL } from './lib/web-app';
import { createGmailMailAdapter } from './mail/gmail-mail-adapter';
import { addonRoutes } from './modules/addon/addon.routes';
import { billingRoutes } from './modules/billing/billing.routes';
import { memberBillingFacts } from './modules/billing/space-billing.service';
import { createLocalPayPalAdapter } from './modules/billing/paypal-adapter';
import { createStripeClient } from './modules/billing/stripe-client';
import { createAccessTokenSigner } from './lib/access-token';
import { authRoutes } from './modules/auth/auth.routes';
import { bouncesRoutes } from './modules/bounces/bounces.routes';
import { campaignRecipientsRoutes } from './modules/campaigns/campaign-recipients.routes';
import { campaignsRoutes } from './modules/campaigns/campaigns.routes';
import { composerRoutes } from './modules/composer/composer.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { healthRoutes } from './modules/health/health.routes';
import { metricsRoutes } from './modules/metrics/metrics.routes';
import { createAggregationStatus, type AggregationStatus } from './jobs/aggregate-events';
import { membersRoutes } from './modules/members/members.routes';
import { promotionsRoutes } from './modules/promotions/promotions.routes';
import { scheduledCampaignsRoutes } from './modules/scheduled-campaigns/scheduled-campaigns.routes';
import { teamReportRoutes } from './modules/team-report/team-report.routes';
import { devMailboxRoutes } from './modules/templates/dev-mailbox.routes';
import { createGmailAccounts, type GmailAccounts } from './modules/gmail/gmail-accounts';
import { gmailRoutes } from './modules/gmail/gmail.routes';
import { templatesRoutes } from './modules/templates/templates.routes';
import { createBatchWriterStats, type BatchWriterStats } from './modules/tracking/event-writer';
import {
  createTrackingStats,
  trackingRoutes,
  type TrackingFastPath,
  type TrackingStats,
} from './modules/tracking/tracking.routes';
import { unsubscriptionsRoutes } from './modules/unsubscriptions/unsubscriptions.routes';
import { createAccessQueries } from './modules/users/access.repo';
import { usersRoutes } from './modules/users/users.routes';
import { moveAddonSpace } from './modules/users/users.service';
import { spaceLifeRoutes } from './modules/space-life/space-life.routes';
import { workspacesRoutes } from './modules/workspaces/workspaces.routes';
import { mergesRoutes } from './modules/sending/merges.routes';
import { scheduledSendingForecasts, type SendingDeps } from './modules/sending/merges.service';
import { createSendingEngine, type SendingEngine } from './modules/sending/sending-engine';
import { createTrackingTokens } from './modules/tracking/tracking-token';

export const API_DOCS_PATH = '/api/docs';

export type AppDependencies = {
  db: Database;
  pool: pg.Pool;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
  /** The senders' Gmail; tests give accounts with fixed access tokens for the Gmail stand-in. */
  gmailAccounts?: GmailAccounts;
};

/* eslint-disable @typescript-eslint/consistent-type-definitions -- Fastify's instance is extended by declaration merging */
declare module 'fastify' {
  interface FastifyInstance {
    /** Tracking hits answered but not stored, since start (counted and logged, never silent). */
    trackingStats: TrackingStats;
    /** The tracking event writer's counters since start (batches, hits, queue and write times). */
    trackingWriterStats: BatchWriterStats;
    /** What the aggregation poller (started by server.ts) last saw: lag and failures, for /metrics. */
    aggregationStatus: AggregationStatus;
    /** The sending engine (issue 24): its job queue, and the workers server.ts starts. */
    sendingEngine: SendingEngine;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The composition root: plugins, policies, error handling and every module of the API. */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const { db, pool } = deps;
  // The open pixel and the click redirect are answered by node:http before Fastify sees them
  // (modules/tracking/tracking-fast-path.ts); the tracking plugin hands the listener over.
  let trackingFastPath: TrackingFastPath | undefined;
  const app = Fastify({
    serverFactory: (handler, options) => {
      const server = http.createServer((request, response) => {
        if (trackingFastPath?.(request, response) !== true) handler(request, response);
      });
      // What Fastify sets on the server it makes itself.
      const { keepAliveTimeout, requestTimeout, connectionTimeout, maxRequestsPerSocket } = options;
      if (typeof keepAliveTimeout === 'number') server.keepAliveTimeout = keepAliveTimeout;
      if (typeof requestTimeout === 'number') server.requestTimeout = requestTimeout;
      if (typeof connectionTimeout === 'number') server.setTimeout(connectionTimeout);
      if (typeof maxRequestsPerSocket === 'number' && maxRequestsPerSocket > 0) {
        server.maxRequestsPerSocket = maxRequestsPerSocket;
      }
      return server;
    },
    logger: loggerOptions(config, deps.logStream),
    genReqId: () => randomUUID(),
    trustProxy: config.TRUST_PROXY,
    frameworkErrors,
  });
  // A connection whose request is still in flight when the close begins turns idle after it, and
  // Fastify closes idle connections only at the start of its close: such a kept-alive connection
  // (a load balancer's, a webhook sender's) held the close for the keep-alive timeout (72 s).
  // Closing, the server keeps no connection alive past its answer (Node adds 1 s).
  app.addHook('preClose', (done) => {
    app.server.keepAliveTimeout = 1;
    done();
  });
  app.setValidatorCompiler(wellFormedValidatorCompiler);
  // Every JSON answer is checked against its schema in development and tests (issue 23).
  app.setSerializerCompiler(createSerializerCompiler({ checkResponses: config.NODE_ENV !== 'production' }));
  app.addHook('onRequest', (request, reply, done) => {
    // Lets a person quote the id of a failed request; the logs carry the same id.
    void reply.header('x-request-id', request.id);
    done();
  });

  // HSTS is sent by registerSecurityHeaders, only on answers over https.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { directives: cspDirectives(config) },
    strictTransportSecurity: false,
  });
  registerSecurityHeaders(app);
  await registerCompression(app);
  await app.register(fastifyCookie, { secret: config.SESSION_SECRET });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please try again in ${context.after}.`),
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} API`,
        description:
          'Generated from the zod schemas of packages/domain. Errors are `{ errors, code, message }`.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: openApiTransform,
    transformObject: createJsonSchemaTransformObject({}),
  });

  const webAppRoot = resolveWebDistDir(config.WEB_DIST_DIR);
  const signer = createAccessTokenSigner(config.SESSION_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
  const accessQueries = createAccessQueries(db);
  registerAccessPolicy(app, {
    signer,
    findSession: accessQueries.findSession,
    findMembership: accessQueries.findMembership,
    isThirdPartyPublicRoute: (url) =>
      url === API_DOCS_PATH ||
      url.startsWith(`${API_DOCS_PATH}/`) ||
      (webAppRoot !== null && url === WEB_APP_ROUTE_URL),
  });
  registerErrorHandlers(app, {
    webAppFallback: (request, reply) =>
      webAppRoot !== null && isWebAppPage(request) ? reply.sendFile('index.html') : undefined,
  });

  // The auth routes limit themselves (config.rateLimit, AUTH_RATE_LIMIT_PER_MINUTE per client).
  await app.register(authRoutes, { config, db, signer });
  await app.register(usersRoutes, { db });
  await app.register(workspacesRoutes, { db });
  await app.register(eventsRoutes, { db });
  // The sender's Gmail (issue 24): the grant's routes, and the Gmail client drafts, invitations and
  // merges go through (GMAIL_API_URL: Google, or the Gmail stand-in on a local set-up).
  await app.register(gmailRoutes, { config, db });
  const gmailAccounts = deps.gmailAccounts ?? createGmailAccounts({ config, db });
  const mail = createGmailMailAdapter({ config, db, accounts: gmailAccounts });
  await app.register(membersRoutes, {
    db,
    mailer: { mail, publicUrl: config.PUBLIC_URL },
    billing: memberBillingFacts,
    accounts: { moveAddonSpace },
  });
  await app.register(promotionsRoutes, { db });
  await app.register(unsubscriptionsRoutes, { db });
  await app.register(bouncesRoutes, { db });
  await app.register(addonRoutes, { config, db });
  const trackingStats = createTrackingStats();
  app.decorate('trackingStats', trackingStats);
  const trackingWriterStats = createBatchWriterStats();
  app.decorate('trackingWriterStats', trackingWriterStats);
  await app.register(trackingRoutes, {
    config,
    db,
    stats: trackingStats,
    writerStats: trackingWriterStats,
    onFastPath: (listener) => {
      trackingFastPath = listener;
    },
  });
  await app.register(campaignsRoutes, { db });
  await app.register(campaignRecipientsRoutes, { db });
  const gmail = gmailAccounts;
  const sendingEngine = createSendingEngine({
    config,
    db,
    connectionString: connectionStringOf(pool),
    gmail,
    tokens: createTrackingTokens(config.SESSION_SECRET),
    log: app.log,
  });
  app.decorate('sendingEngine', sendingEngine);
  app.addHook('onClose', () => sendingEngine.stop());
  const sendingDeps: SendingDeps = {
    db,
    engine: sendingEngine,
    gmail,
    tokens: createTrackingTokens(config.SESSION_SECRET),
    ratePerSender: config.SENDING_RATE_PER_SENDER,
  };
  await app.register(mergesRoutes, { deps: sendingDeps });
  // The dashboard's composer (issue 25): drafts, aliases, recipient check, test send, forecast.
  await app.register(composerRoutes, {
    deps: { config, db, mail, gmail, tokens: sendingDeps.tokens },
    sending: sendingDeps,
  });
  await app.register(scheduledCampaignsRoutes, {
    db,
    sendingForecasts: (ids) => scheduledSendingForecasts(sendingDeps, ids),
  });
  await app.register(teamReportRoutes, { db });
  const billingContext = {
    db,
    stripe: createStripeClient(config),
    publicUrl: config.PUBLIC_URL,
    // PAYPAL_ADAPTER=local is the only adapter so far (modules/billing/paypal-adapter.ts).
    paypal: createLocalPayPalAdapter(),
  };
  // Billing paths are absolute (packages/domain BILLING_PATHS), so the plugin has no prefix.
  await app.register(billingRoutes, { config, context: billingContext });
  // Leaving, deleting and restoring a space (issue 21); deleting ends the subscription's renewal.
  await app.register(spaceLifeRoutes, { billing: billingContext });
  await app.register(templatesRoutes, { db, mail });
  // The way to the Gmail stand-in's mailbox page exists on a local set-up that uses one.
  const gmailApiUrl = new URL(config.GMAIL_API_URL);
  if (isLocalSetup(config) && isLoopbackHost(gmailApiUrl.hostname)) {
    await app.register(devMailboxRoutes, { mailboxUrl: `${gmailApiUrl.origin}/` });
  }
  // Probes hit these every few seconds: log them only when something is wrong.
  await app.register(healthRoutes, { pool, logLevel: config.LOG_LEVEL === 'silent' ? 'silent' : 'warn' });
  const aggregationStatus = createAggregationStatus();
  app.decorate('aggregationStatus', aggregationStatus);
  await app.register(metricsRoutes, {
    db,
    pool,
    token: config.METRICS_TOKEN,
    tracking: trackingStats,
    trackingWriter: trackingWriterStats,
    aggregation: aggregationStatus,
  });

  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH });
  if (webAppRoot !== null) await registerWebApp(app, webAppRoot);
  return app;
}

function loggerOptions(config: Config, stream: AppDependencies['logStream']): FastifyServerOptions['logger'] {
  const pretty = stream === undefined && config.NODE_ENV === 'development' && process.stdout.isTTY;
  return {
    level: config.LOG_LEVEL,
    ...(stream ? { stream } : {}),
    // Database errors are logged by code, never with the SQL parameters they carry. Tokens, OAuth
    // codes and addresses never reach the logs in full (lib/log-redaction.ts).
    serializers: {
      err: (error: unknown) => redactSerializedError(serializeError(error)),
      req: serializeRequestForLog,
    },
    hooks: logRedactionHooks,
    formatters: { log: redactLogFields },
    // Credentials never reach the logs, whatever a serializer or a log call includes.
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

/**
 * CSP for the Vite-built SPA: scripts only from this origin; Mantine writes inline styles; images
 * from data: URLs and https (Google profile pictures, promotions); the sign-in form may post to
 * the OpenID provider.
 */
function cspDirectives(config: Config): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    formAction: ["'self'", new URL(config.OIDC_ISSUER).origin],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    // Upgrading would break a plain-http local set-up (http://localhost:3000).
    upgradeInsecureRequests: new URL(config.PUBLIC_URL).protocol === 'https:' ? [] : null,
  };
}

const zodJsonSchemaTransform = createJsonSchemaTransform({});

/** The zod → OpenAPI transform, plus the bearer requirement of every non-public route. */
const openApiTransform: typeof zodJsonSchemaTransform = (input) => {
  const result = zodJsonSchemaTransform(input);
  const access = input.route.config?.access;
  if (access === undefined || access === 'public' || result.schema.hide === true) return result;
  return { ...result, schema: { ...result.schema, security: [{ bearerAuth: [] }] } };
};

/** The pool's connection string: the job queue opens its own few connections to the same database. */
function connectionStringOf(pool: pg.Pool): string {
  const { connectionString } = pool.options;
  if (connectionString === undefined) throw new Error('the pool has no connection string');
  return connectionString;
}
