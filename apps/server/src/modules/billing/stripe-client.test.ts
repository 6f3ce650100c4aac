import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../../config';
import { startTestStripe, type TestStripe } from '../../test/stripe';
import { createStripeClient } from './stripe-client';

describe('createStripeClient (STRIPE_* configuration)', () => {
  let testStripe: TestStripe;
  beforeAll(async () => {
    testStripe = await startTestStripe();
  });
  afterAll(async () => {
    await testStripe.close();
  });

  it('is null without a secret key (billing then answers the payment-client-missing error)', () => {
    expect(createStripeClient(loadConfig({}))).toBeNull();
  });

  it('talks to the host, port and protocol of the configuration', async () => {
    const stripe = createStripeClient(loadConfig(testStripe.env))!;
    const customer = await stripe.customers.create({ metadata: { workspaceId: 'w1' } });
    expect(customer.id).toMatch(/^cus_/);
    expect(testStripe.emulator.state.customers[customer.id]?.metadata).toEqual({ workspaceId: 'w1' });
  });

  it('finds the price table of spec 001 §9 there (startTestStripe ran stripe:setup)', async () => {
    const page = await testStripe.stripe.prices.list({ lookup_keys: ['pro_yearly_eur'] });
    expect(page.data[0]).toMatchObject({ currency: 'eur', product: 'mergedesk_pro' });
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
