import { PRICE_CATALOG } from '@mergedesk/domain/billing/prices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStripe, type TestStripe } from '../../test/stripe';
import { syncPriceCatalog } from './price-catalog';

/**
 * `npm run stripe:setup` against the Stripe emulator (moved here from the emulator's contract test,
 * which no longer imports the server: issue 22/23). startTestStripe has synced the table once.
 */
describe('products and prices (npm run stripe:setup)', () => {
  let testStripe: TestStripe;
  beforeAll(async () => {
    testStripe = await startTestStripe();
  });
  afterAll(async () => {
    await testStripe.close();
  });
  const stripe = () => testStripe.stripe;

  it('creates every price of the table once, findable by lookup key, with graduated tiers', async () => {
    const again = await syncPriceCatalog(stripe());
    expect(again.created).toEqual([]);
    expect(again.replaced).toEqual([]);
    expect(again.unchanged).toHaveLength(PRICE_CATALOG.length);

    const page = await stripe().prices.list({ lookup_keys: ['pro_yearly_usd'], expand: ['data.tiers'] });
    expect(page.data).toHaveLength(1);
    const pro = page.data[0]!;
    expect(pro).toMatchObject({
      currency: 'usd',
      product: 'mergedesk_pro',
      billing_scheme: 'tiered',
      tiers_mode: 'graduated',
      recurring: { interval: 'year' },
    });
    expect(pro.tiers!.map((tier) => [tier.up_to, tier.unit_amount])).toEqual([
      [4, 6000],
      [9, 4800],
      [24, 4200],
      [49, 3600],
      [99, 3000],
      [null, 2400],
    ]);
    const legacy = (await stripe().prices.list({ lookup_keys: ['legacy_team_10_monthly_eur'] })).data[0]!;
    expect(legacy).toMatchObject({ unit_amount: 8000, currency: 'eur', recurring: { interval: 'month' } });
  });

  it('replaces a price whose amounts changed and moves the lookup key', async () => {
    const original = PRICE_CATALOG.find((entry) => entry.lookupKey === 'legacy_personal_yearly_inr')!;
    const changed = { ...original, tiers: [{ upTo: -1, unitAmount: original.tiers[0]!.unitAmount + 100 }] };
    const before = (await stripe().prices.list({ lookup_keys: [original.lookupKey] })).data[0]!;
    const result = await syncPriceCatalog(stripe(), [changed]);
    expect(result.replaced).toEqual([original.lookupKey]);
    const after = (await stripe().prices.list({ lookup_keys: [original.lookupKey] })).data[0]!;
    expect(after.id).not.toBe(before.id);
    expect(after.unit_amount).toBe(changed.tiers[0]!.unitAmount);
    expect((await stripe().prices.retrieve(before.id)).active).toBe(false);
    await syncPriceCatalog(stripe(), [original]);
  });
});
