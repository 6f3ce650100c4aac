import { billingPath, BILLING_PATHS, type PaymentPlan } from '@mergedesk/domain/api/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingTest, type BillingTest } from '../test/billing';
import { bearer } from '../test/test-app';
import { CLIENT_TEXT_MESSAGES, isWellFormedText } from '@mergedesk/domain/text/client-text';
import { illFormedStringPaths } from './well-formed-validator';

describe('isWellFormedText', () => {
  it.each([
    ['plain text', 'price_123', true],
    ['a surrogate pair (emoji)', 'price 😀', true],
    ['empty', '', true],
    ['a lone high surrogate', 'price_\ud800', false],
    ['a lone low surrogate', '\udc00price', false],
    ['a high surrogate followed by another high one', '\ud83d\ud83d\ude00', false],
    ['a reversed pair', '\ude00\ud83d', false],
  ])('%s', (_name, text, expected) => {
    expect(isWellFormedText(text)).toBe(expected);
  });

  it('names the paths of ill-formed values and keys', () => {
    const paths = illFormedStringPaths({ a: ['ok', '\ud800'], b: { c: 'x' }, ['\udfff']: 1 });
    expect(paths).toHaveLength(2);
    expect(paths).toEqual(expect.arrayContaining([['a', 1], ['\udfff']]));
  });

  it('walks 5,000 nested arrays without overflowing the stack', () => {
    const deep = JSON.parse('['.repeat(5000) + '"\\ud800"' + ']'.repeat(5000)) as unknown;
    expect(illFormedStringPaths(deep)).toEqual([Array.from({ length: 5000 }, () => 0)]);
    expect(illFormedStringPaths(JSON.parse('['.repeat(5000) + ']'.repeat(5000)))).toEqual([]);
  });
});

/** Issue 20 "Smaller": a lone surrogate in stripePriceId was a 500 on the checkout session call. */
describe('ill-formed text at the edge', () => {
  let billing: BillingTest;
  let priceId: string;
  beforeAll(async () => {
    billing = await startBillingTest();
    const plans = await billing.t.app.inject({
      method: 'GET',
      url: BILLING_PATHS.paymentPlans,
      headers: bearer(await billing.t.signIn('sam@acme.test')),
    });
    priceId = plans
      .json<{ items: PaymentPlan[] }>()
      .items.find((plan) => plan.lookupKey === 'pro_yearly_eur')!.stripePriceId;
  });
  afterAll(async () => {
    await billing.close();
  });

  it('answers 400 with the field to a lone surrogate in stripePriceId on the checkout session call', async () => {
    const { t, spaces } = billing;
    const workspaceId = spaces["Sam's space"]!;
    const session = (stripePriceId: string) =>
      t.signIn('sam@acme.test').then((token) =>
        t.app.inject({
          method: 'POST',
          url: billingPath(BILLING_PATHS.checkoutSessionV2, { workspaceId }),
          headers: { ...bearer(token), 'content-type': 'application/json' },
          // JSON.stringify writes a lone surrogate as its \ud800 escape, as an attacker would.
          payload: JSON.stringify({
            workspaceId,
            addressInfo: { country: 'DE', city: 'Berlin', street: 'Unter den Linden 1', postalCode: '10117' },
            customerName: 'Sam Stepfour',
            isB2BTransaction: false,
            goBackUrl: `${t.config.PUBLIC_URL}/checkout/details`,
            stripePlans: [{ stripePriceId, quantity: 3 }],
          }),
        }),
      );

    const refused = await session(`${priceId}\ud800`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: expect.any(String),
      errors: [
        {
          field: 'stripePlans.0.stripePriceId',
          message: CLIENT_TEXT_MESSAGES.INVALID_UNICODE,
          reason: 'INVALID_UNICODE',
        },
      ],
    });
    // The same call with the price as it is still works.
    expect((await session(priceId)).statusCode).toBe(200);
  });
});
