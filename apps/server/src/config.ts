import { DEFAULT_SENDS_PER_SECOND_PER_SENDER } from '@mergedesk/domain/sending/pacing';
import { normalizeBlockedHost } from '@mergedesk/domain/tracking/link-hosts';
import { z } from 'zod';

/** The known secret of local development: refused wherever the server is reachable by others. */
export const DEVELOPMENT_SESSION_SECRET = 'mergedesk-development-secret-change-me-please';

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the server reads, parsed once at start (README "Configuration").
 * Defaults are the local development set-up of `npm start`.
 */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the web app and API, e.g. https://app.mergedesk.example */
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /** Product name shown in copy ({product}). */
  PRODUCT_NAME: z.string().min(1).default('MergeDesk'),
  /** PostgreSQL connection string. Unset: an embedded PostgreSQL is started with data under DATA_DIR. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().default(54320),
  /** Seed the demo data of shared/demo-data.md into an empty database. */
  SEED_DEMO: booleanString.default(false),
  /** Secret that signs access tokens and the sign-in state cookie (at least 32 characters). */
  SESSION_SECRET: z.string().min(32).default(DEVELOPMENT_SESSION_SECRET),
  /** Access-token lifetime in seconds; the web app refreshes 2 s before expiry. */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).default(3600),
  /** Refresh-session lifetime in days (spec 000 §9: the session cookie lasts 36 days). */
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).default(36),
  /** OpenID Connect issuer: https://accounts.google.com in production, the local provider in development. */
  OIDC_ISSUER: z.url().default('http://localhost:3001'),
  OIDC_CLIENT_ID: z.string().min(1).default('mergedesk-web'),
  OIDC_CLIENT_SECRET: z.string().min(1).default('mergedesk-dev-secret'),
  /**
   * `prompt` sent to the provider: 'login' makes the local provider show its account chooser
   * each time; use 'select_account' with Google.
   */
  OIDC_PROMPT: z.string().default('login'),
  /** Directory of the built web app served at / (empty: API only). */
  WEB_DIST_DIR: z.string().default('apps/web/dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Root of the Gmail REST API (users.messages.send, drafts, sendAs) that drafts, invitations and
   * merges go through. `npm start` and the tests point it at the Gmail stand-in of
   * dev-services/gmail-emulator (http://localhost:3003/).
   */
  GMAIL_API_URL: z.url().default('https://gmail.googleapis.com/'),
  /** Milliseconds a Gmail API call may take before it counts as failed ('transient'). */
  GMAIL_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * Trust X-Forwarded-* from a reverse proxy / load balancer, so that the client address (rate
   * limits, logs) is the caller's and not the proxy's. Set it when the server runs behind one.
   */
  TRUST_PROXY: booleanString.default(false),
  /** Requests per minute per client address on the sign-in endpoints (authorize, token, revoke). */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * Refresh requests per minute per session (keyed by the refresh cookie's session, not the
   * address, so people behind one NAT or proxy do not share a budget).
   */
  REFRESH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /**
   * Seconds during which the refresh cookie replaced by the latest rotation is still honoured
   * (two tabs refreshing at once, an answer lost on the way). Used later it counts as theft and
   * revokes the session.
   */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(60),
  /**
   * Origin of the tracking links put into sent mail (open pixel, click, unsubscribe, /t/*);
   * defaults to PUBLIC_URL. Set it to serve tracking from a host of its own.
   */
  TRACKING_URL: z.url().optional(),
  /**
   * Tracking hits recorded per recipient (token) and minute, in bursts of as many; hits over it are
   * answered as usual but not recorded.
   */
  TRACKING_TOKEN_RATE_PER_MINUTE: z.coerce.number().min(1).default(20),
  /** Tracking requests per client address and second (bursts of twice as many); over it: 429. */
  TRACKING_ADDRESS_RATE_PER_SECOND: z.coerce.number().min(1).default(50),
  /**
   * Tracking batches (one INSERT each, group commit) written at once; while that many are in
   * flight, the next batch grows (at most 8 of the pool's 10 connections). Measured in
   * docs/benchmarks.md "Tracking against raw node:http".
   */
  TRACKING_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(8).default(1),
  /**
   * Link hosts whose clicks show a warning page with the destination and a continue link instead
   * of redirecting (docs/decisions/327-link-policy.md): comma- or space-separated host names, each
   * also covering its subdomains (`evil.example` blocks `www.evil.example`). Empty: none.
   */
  LINK_HOST_BLOCKLIST: z
    .string()
    .default('')
    .transform((value, context) => {
      const hosts: string[] = [];
      for (const entry of value.split(/[\s,]+/).filter((item) => item !== '')) {
        const host = normalizeBlockedHost(entry);
        if (host === null) {
          context.addIssue({ code: 'custom', message: `"${entry}" is not a host name` });
          return z.NEVER;
        }
        hosts.push(host);
      }
      return hosts;
    }),
  /** How often the aggregation job folds new tracking events into the campaign counters. */
  AGGREGATION_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
  /**
   * The sending engine's pace per sender, Gmail sends a second across every process
   * (docs/decisions/396-sending-pace.md). Default: the domain's DEFAULT_SENDS_PER_SECOND_PER_SENDER
   * (2, under Gmail's 2.5). 0 lifts the pace (the bench).
   */
  SENDING_RATE_PER_SENDER: z.coerce.number().min(0).default(DEFAULT_SENDS_PER_SECOND_PER_SENDER),
  /** Merges one process works at once (its job fetcher's slots: modules/sending/sending-engine.ts). */
  SENDING_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * How old a SENDING recipient must be before the engine treats it as a crashed send and looks
   * its message up by Message-ID (docs/decisions/391-sending-exactly-once.md).
   */
  SENDING_LEASE_MS: z.coerce.number().int().min(100).default(120_000),
  /** Set to false for a process that serves the API only and sends nothing (the engine's workers). */
  SENDING_WORKERS: booleanString.default(true),
  /**
   * Bearer token that /metrics (Prometheus) asks for. Unset: /metrics answers callers on this
   * machine only (loopback), 404 to anybody else.
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  /**
   * Stripe secret key (sk_live_…/sk_test_…, or a restricted rk_ key). Unset: billing answers 'An
   * internal error occurred' (spec 001 §8). `npm start` sets a test key for the local emulator.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  /** Signing secret of the webhook endpoint (whsec_…), checked by stripe.webhooks.constructEvent. */
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  /** Where the stripe SDK sends requests; unset: api.stripe.com. `npm start` points them at the emulator. */
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /**
   * How legacy PayPal licences stop their automatic renewal (spec 001 stop-renewal page): `local`,
   * the in-process stand-in of apps/server/src/modules/billing/paypal-adapter.ts.
   */
  PAYPAL_ADAPTER: z.enum(['local']).default('local'),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new ConfigError(`Invalid configuration: ${details}`);
  }
  const config = parsed.data;
  const exposed = exposures(config);
  if (config.SESSION_SECRET === DEVELOPMENT_SESSION_SECRET && exposed.length > 0) {
    throw new ConfigError(
      `Invalid configuration: SESSION_SECRET must be set (32+ random characters) because ${exposed.join(' and ')}. ` +
        'The development default is accepted only on a local set-up: HOST on loopback, PUBLIC_URL on localhost, ' +
        'DATABASE_URL unset (embedded PostgreSQL) or on localhost, NODE_ENV not production.',
    );
  }
  return config;
}

/** A configuration the server refuses to start with; its message says what to change. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** What makes this set-up reachable by others (empty: everything is local). */
function exposures(config: Config): string[] {
  const found: string[] = [];
  if (config.NODE_ENV === 'production') found.push('NODE_ENV is production');
  if (!isLoopbackHost(config.HOST)) found.push(`HOST ${config.HOST} is not a loopback address`);
  if (!isLoopbackHost(new URL(config.PUBLIC_URL).hostname))
    found.push(`PUBLIC_URL ${config.PUBLIC_URL} is not local`);
  if (!isLocalDatabase(config.DATABASE_URL)) found.push('DATABASE_URL is not on this machine');
  return found;
}

/**
 * Development conveniences (/dev/mailbox, the way to the Gmail stand-in's page) exist only on a local set-up:
 * not in production, listening on loopback, served at a localhost PUBLIC_URL, with the embedded
 * or a local PostgreSQL.
 */
export function isLocalSetup(config: Config): boolean {
  return exposures(config).length === 0;
}

/** localhost (and *.localhost), 127.0.0.0/8 and ::1. */
export function isLoopbackHost(host: string): boolean {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name)
  );
}

/**
 * Unset (the embedded PostgreSQL), a Unix socket (no host, or a `host=/path` parameter) or loopback
 * hosts only; anything unreadable is not local.
 */
export function isLocalDatabase(databaseUrl: string | undefined): boolean {
  if (databaseUrl === undefined) return true;
  const match = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]*)[^?#]*(?:\?([^#]*))?/i.exec(databaseUrl);
  if (!match) return false;
  const authorityHosts = (match[1] ?? '')
    .split(',')
    .map((host) => host.replace(/:\d+$/, ''))
    .filter((host) => host !== '');
  const queryHosts = new URLSearchParams(match[2] ?? '').get('host')?.split(',') ?? [];
  return [...authorityHosts, ...queryHosts]
    .filter((host) => host !== '')
    .every((host) => host.startsWith('/') || isLoopbackHost(host));
}

/** loadConfig for an entry point: a refused configuration prints its message (no stack) and exits. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
