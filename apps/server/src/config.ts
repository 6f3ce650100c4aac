import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the server reads, parsed once at start (README "Configuration").
 * Defaults are the local development set-up of `npm start`.
 */
export const configSchema = z.object({
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
  SESSION_SECRET: z.string().min(32).default('mergedesk-development-secret-change-me-please'),
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
   * Where template drafts go: 'gmail' (the Gmail API) or 'local' (the development mailbox at
   * /dev/mailbox). Unset: gmail in production, local elsewhere.
   */
  MAIL_ADAPTER: z.enum(['local', 'gmail']).optional(),
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
  /** How often the aggregation job folds new tracking events into the campaign counters. */
  AGGREGATION_INTERVAL_MS: z.coerce.number().int().min(10).default(1000),
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
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${details}`);
  }
  if (
    parsed.data.NODE_ENV === 'production' &&
    parsed.data.SESSION_SECRET.startsWith('mergedesk-development')
  ) {
    throw new Error('Invalid configuration: SESSION_SECRET must be set in production.');
  }
  return parsed.data;
}
