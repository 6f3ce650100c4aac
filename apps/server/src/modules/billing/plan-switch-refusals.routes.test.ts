import { billingPath, BILLING_PATHS, type SubscriptionV1 } from '@mergedesk/domain/api/billing';
import { BILLING_REFUSALS } from '@mergedesk/domain/billing/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingTest, type BillingTest } from '../../test/billing';
import { bearer } from '../../test/test-app';
import { subscribeSpaceDirectly } from './demo-billing';

/** Issue 22 item 8: 'Switch to Premium' on Pro (Personal) is refused with a reason, and changes nothing. */
describe('a plan switch without a price', () => {
  let billing: BillingTest;
  let gina: string;

  beforeAll(async () => {
    billing = await startBillingTest();
    gina = billing.spaces["Gina's space"]!;
    await subscribeSpaceDirectly(billing.context, gina, {
      lookupKey: 'pro_personal_yearly_usd',
      quantity: 1,
    });
  });
  afterAll(async () => {
    await billing.close();
  });

  it('refuses Premium for Pro (Personal) with 400 and its reason; the subscription keeps its price', async () => {
    const token = await billing.t.signIn('gina@gmail.com');
    const list = async () =>
      (
        await billing.t.app.inject({
          method: 'GET',
          url: `${billingPath(BILLING_PATHS.subscriptionsV1, { workspaceId: gina })}?includePlans=true`,
          headers: bearer(token),
        })
      ).json<{ items: SubscriptionV1[] }>().items;
    const [before] = await list();
    const response = await billing.t.app.inject({
      method: 'PUT',
      url: billingPath(BILLING_PATHS.subscriptionV1, {
        workspaceId: gina,
        subscriptionId: before!.subscriptionId,
      }),
      headers: bearer(token),
      payload: { workspacePlan: 'PREMIUM' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: BILLING_REFUSALS.NO_PREMIUM_FOR_PERSONAL,
      reason: 'no-premium-for-personal',
    });
    const [after] = await list();
    expect(after).toMatchObject({ workspacePlan: 'PRO', lastUpdateTimestamp: before!.lastUpdateTimestamp });
  });
});
