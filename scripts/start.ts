/**
 * `npm start`: the whole product on one machine — the local identity provider (stand-in for
 * Google sign-in), the Stripe emulator (stand-in for Stripe, with the price table of
 * `npm run stripe:setup`), the Gmail stand-in, then the server with embedded PostgreSQL, the demo
 * seed and the built web app. PORT, IDP_PORT, STRIPE_EMULATOR_PORT, GMAIL_EMULATOR_PORT and
 * PUBLIC_URL override the defaults; with STRIPE_SECRET_KEY set, the server talks to that Stripe
 * account instead and no Stripe emulator runs.
 * Ctrl-C stops everything.
 */
import path from 'node:path';

import { ENDPOINTS } from '../packages/domain/src/api/endpoints';
import { loadConfigOrExit } from '../apps/server/src/config';
import { deferSignalsWhileStarting, startServer, stopOnSignals } from '../apps/server/src/server';
import {
  isLiveStripeKey,
  printDemoBillingReport,
  setUpDemoBilling,
} from '../apps/server/src/modules/billing/demo-billing';
import { createLocalPayPalAdapter } from '../apps/server/src/modules/billing/paypal-adapter';
import { syncPriceCatalog } from '../apps/server/src/modules/billing/price-catalog';
import {
  createStripeClient,
  STRIPE_WEBHOOK_EVENTS,
  STRIPE_WEBHOOK_PATH,
} from '../apps/server/src/modules/billing/stripe-client';
import { demoAccounts } from '../dev-services/identity-provider/src/accounts';
import { startIdentityProvider } from '../dev-services/identity-provider/src/provider';
import { startGmailEmulator } from '../dev-services/gmail-emulator/src/server';
import { startStripeEmulator } from '../dev-services/stripe-emulator/src/server';

// Ctrl-C while everything starts: everything stops once started, in order.
const starting = deferSignalsWhileStarting();
const port = process.env.PORT ?? '3000';
const idpPort = process.env.IDP_PORT ?? '3001';
const stripeEmulatorPort = Number(process.env.STRIPE_EMULATOR_PORT ?? '3002');
// GMAIL_API_URL: the server's Gmail client targets http://localhost:${gmailEmulatorPort}/ (issue 24)
const gmailEmulatorPort = Number(process.env.GMAIL_EMULATOR_PORT ?? '3003');
const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
const useEmulator = process.env.STRIPE_SECRET_KEY === undefined;
const emulatorWebhookSecret = 'whsec_mergedesk_stripe_emulator';

const config = loadConfigOrExit({
  ...process.env,
  NODE_ENV: 'development',
  SEED_DEMO: 'true',
  PORT: port,
  PUBLIC_URL: publicUrl,
  OIDC_ISSUER: process.env.OIDC_ISSUER ?? `http://localhost:${idpPort}`,
  // The Gmail stand-in started below; its port is known before it starts.
  GMAIL_API_URL: process.env.GMAIL_API_URL ?? `http://localhost:${gmailEmulatorPort}/`,
  ...(useEmulator
    ? {
        STRIPE_SECRET_KEY: 'sk_test_mergedesk_stripe_emulator',
        STRIPE_WEBHOOK_SECRET: emulatorWebhookSecret,
        STRIPE_API_HOST: 'localhost',
        STRIPE_API_PORT: String(stripeEmulatorPort),
        STRIPE_API_PROTOCOL: 'http',
      }
    : {}),
});

const identityProvider = await startIdentityProvider({
  port: Number(idpPort),
  issuer: config.OIDC_ISSUER,
  // Grants and refresh tokens survive a restart: senders keep their Gmail grant.
  dataFile: path.join(config.DATA_DIR, 'identity-provider.json'),
  clients: [
    {
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      clientName: config.PRODUCT_NAME,
      // Sign-in, and the sender's Gmail grant (issue 24).
      redirectUris: [`${publicUrl}/auth/callback`, `${publicUrl}${ENDPOINTS['gmail.callback'].path}`],
      postLogoutRedirectUris: [`${publicUrl}/`],
    },
  ],
});

// --- Gmail stand-in (issue 24) ------------------------------------------------------------------
// Every mailbox a token of the local identity provider resolves to (its userinfo `email` claim);
// delivered messages and drafts are kept in {DATA_DIR}/gmail-emulator.jsonl.
const gmailEmulator = await startGmailEmulator({
  port: gmailEmulatorPort,
  host: 'localhost',
  dataFile: path.join(config.DATA_DIR, 'gmail-emulator.jsonl'),
  userinfoUrl: `${identityProvider.issuer}/me`,
}).catch(async (error: unknown) => {
  await identityProvider.close();
  throw error;
});
// GMAIL_API_URL: the server's Gmail client targets this (issue 24)
const gmailEmulatorUrl = gmailEmulator.url;
// --- end of the Gmail stand-in --------------------------------------------------------------------

let stripeEmulator: Awaited<ReturnType<typeof startStripeEmulator>> | undefined;
let server: Awaited<ReturnType<typeof startServer>> | undefined;
try {
  if (useEmulator) {
    stripeEmulator = await startStripeEmulator({
      port: stripeEmulatorPort,
      dataFile: path.join(config.DATA_DIR, 'stripe-emulator.json'),
      webhookEndpoints: [
        {
          url: `http://127.0.0.1:${config.PORT}${STRIPE_WEBHOOK_PATH}`,
          secret: emulatorWebhookSecret,
          enabledEvents: STRIPE_WEBHOOK_EVENTS,
        },
      ],
    });
    await syncPriceCatalog(createStripeClient(config)!);
  }
  server = await startServer(config);
  // The demo spaces' subscriptions (shared/demo-data.md), made once and kept across restarts: in
  // the emulator, or in the Stripe test account of STRIPE_SECRET_KEY (never with a live key).
  const report = await setUpDemoBilling(
    {
      db: server.db,
      stripe: createStripeClient(config),
      publicUrl,
      paypal: createLocalPayPalAdapter(),
    },
    { liveKey: isLiveStripeKey(config.STRIPE_SECRET_KEY) },
  );
  printDemoBillingReport(report, console);
} catch (error) {
  await server?.close();
  await stripeEmulator?.close();
  await gmailEmulator.close();
  await identityProvider.close();
  throw error;
}

const running = server;
stopOnSignals(async () => {
  await running?.close();
  await stripeEmulator?.close();
  await gmailEmulator.close();
  await identityProvider.close();
});
starting.started();

const payments =
  stripeEmulator === undefined
    ? 'payments: Stripe (STRIPE_SECRET_KEY)'
    : `payments: Stripe emulator at ${stripeEmulator.url} (card 4242 4242 4242 4242)`;
console.log(`
  ${config.PRODUCT_NAME} is running at ${publicUrl}
  API docs: ${publicUrl}/api/docs   ·   sign-in provider: ${identityProvider.issuer}
  ${payments}
  mail: Gmail stand-in at ${gmailEmulatorUrl} (every delivered message, per recipient)

  Sign in with any demo account (no password), e.g.:
${demoAccounts.map((account) => `    ${account.email.padEnd(22)} ${account.name}`).join('\n')}

  olivia@acme.test owns Acme Sales; nina@newcomer.test has no account yet. Press Ctrl-C to stop.
`);
