import { startStripeEmulator } from './server';

/**
 * `npm start -w @mergedesk/stripe-emulator`: the emulator on its own. STRIPE_EMULATOR_PORT (3002),
 * STRIPE_EMULATOR_HOST (localhost), STRIPE_EMULATOR_DATA_FILE (memory only when unset),
 * STRIPE_WEBHOOK_URL + STRIPE_WEBHOOK_SECRET (where events go).
 */
const port = Number(process.env.STRIPE_EMULATOR_PORT ?? 3002);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  throw new Error(`STRIPE_EMULATOR_PORT must be a port number (got ${process.env.STRIPE_EMULATOR_PORT}).`);
}
const webhookUrl = process.env.STRIPE_WEBHOOK_URL;
const emulator = await startStripeEmulator({
  port,
  host: process.env.STRIPE_EMULATOR_HOST,
  dataFile: process.env.STRIPE_EMULATOR_DATA_FILE,
  webhookEndpoints:
    webhookUrl === undefined
      ? []
      : [{ url: webhookUrl, secret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_mergedesk_development' }],
});

console.log(`Stripe emulator at ${emulator.url} (use any sk_test_… key; SDK options host/port/protocol)`);

// Its own signal handling: the emulator shares no code with the server it stands in for.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal} received, shutting down…`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
