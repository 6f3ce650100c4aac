import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startStripeEmulator } from '../../../../../dev-services/stripe-emulator/src/server';
import { loadConfig } from '../../config';
import { createStripeClient } from './stripe-client';

describe('createStripeClient (STRIPE_* configuration)', () => {
  let emulator: Awaited<ReturnType<typeof startStripeEmulator>>;
  beforeAll(async () => {
    emulator = await startStripeEmulator({ port: 0, tickMs: 60_000 });
  });
  afterAll(async () => {
    await emulator.close();
  });

  it('is null without a secret key (billing then answers the payment-client-missing error)', () => {
    expect(createStripeClient(loadConfig({}))).toBeNull();
  });

  it('talks to the host, port and protocol of the configuration', async () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_config',
      STRIPE_API_HOST: 'localhost',
      STRIPE_API_PORT: String(emulator.port),
      STRIPE_API_PROTOCOL: 'http',
    });
    const stripe = createStripeClient(config)!;
    const customer = await stripe.customers.create({ metadata: { workspaceId: 'w1' } });
    expect(customer.id).toMatch(/^cus_/);
    expect(emulator.state.customers[customer.id]?.metadata).toEqual({ workspaceId: 'w1' });
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'pk_test_publishable' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_API_PROTOCOL: 'ftp' }, 'STRIPE_API_PROTOCOL'],
    [{ STRIPE_API_PORT: '70000' }, 'STRIPE_API_PORT'],
  ])('refuses %o', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });
});
