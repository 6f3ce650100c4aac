import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { storedHits } from '../../test/tracked-hits';
import { TRANSPARENT_GIF } from './tracking-pages';
import { apiPath } from '../../test/api-path';

type Recipient = { openPixelUrl: string; responseUrl: string; clickUrls: Record<string, string> };

/** Floods on /t/*: limits per recipient (token) and per client address, in memory. */
describe('tracking rate limits', () => {
  let t: TestApp;
  let campaignId: string;
  let recipients: Recipient[];
  const LINK = 'https://example.com/offer';

  beforeAll(async () => {
    t = await createTestApp({
      env: { TRACKING_TOKEN_RATE_PER_MINUTE: '5', TRACKING_ADDRESS_RATE_PER_SECOND: '20' },
    });
    const demo = await t.seedDemo();
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath('addon.createCampaign'),
      headers: bearer(await t.signIn('olivia@acme.test')),
      payload: {
        workspaceId: demo.spaces['Acme Sales'],
        subject: 'Flood',
        mergeSourceSheetKey: 'sheet-0',
        spreadsheetName: 'Leads',
        sheetName: 'Sheet1',
        recipients: ['ann', 'bob', 'cy'].map((name) => ({ email: `${name}@example.com`, links: [LINK] })),
      },
    });
    const sent = response.json<{ campaignId: string; recipients: Recipient[] }>();
    campaignId = sent.campaignId;
    recipients = sent.recipients;
  });
  afterAll(async () => {
    await t.close();
  });

  const pathOf = (url: string) => url.replace(t.config.PUBLIC_URL, '');
  const hit = (url: string, remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: pathOf(url), remoteAddress });
  const stored = async (type: 'opened' | 'clicked') => (await storedHits(t.db, campaignId, type)).length;

  it('records a recipient’s first hits only, and still answers every one as usual', async () => {
    const [ann] = recipients as [Recipient];
    const limitedBefore = t.app.trackingStats.limited;
    // Each hit from an address of its own: only the recipient's limit applies.
    const opens = await Promise.all(
      Array.from({ length: 12 }, (_, index) => hit(ann.openPixelUrl, `10.0.1.${index}`)),
    );
    expect(opens.every((response) => response.statusCode === 200)).toBe(true);
    expect(opens.every((response) => response.rawPayload.equals(TRANSPARENT_GIF))).toBe(true);
    expect(await stored('opened')).toBe(5);

    const click = await hit(ann.clickUrls[LINK]!, '10.0.1.99');
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe(LINK);
    expect(await stored('clicked')).toBe(0);
    expect(t.app.trackingStats.limited).toBe(limitedBefore + 8);

    // Another recipient has a budget of its own.
    const [, bob] = recipients as [Recipient, Recipient];
    expect((await hit(bob.clickUrls[LINK]!, '10.0.1.100')).statusCode).toBe(302);
    expect(await stored('clicked')).toBe(1);
  });

  it('answers 429 to one address over its limit, without touching other addresses', async () => {
    const [, , cy] = recipients as [Recipient, Recipient, Recipient];
    const before = await stored('opened');
    const responses = await Promise.all(Array.from({ length: 60 }, () => hit(cy.openPixelUrl, '10.0.2.1')));
    const statuses = responses.map((response) => response.statusCode);
    // A burst of twice the rate per second passes (a few more may refill meanwhile), the rest is 429.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(40);
    expect(statuses.filter((status) => status === 200).length).toBeLessThan(50);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.headers['retry-after']).toBe('1');
    expect(refused?.body).toBe('Too many requests.');
    // At most the recipient's 5 were recorded, whatever passed the address limit.
    expect(await stored('opened')).toBe(before + 5);
    expect((await hit(cy.openPixelUrl, '10.0.2.2')).statusCode).toBe(200);
  });
});
