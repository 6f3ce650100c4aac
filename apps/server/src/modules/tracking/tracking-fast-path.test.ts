import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { storedHits } from '../../test/tracked-hits';
import {
  DISABLED_LINK_TITLE,
  INVALID_LINK_TEXT,
  TRACKING_PAGE_HEADERS,
  TRANSPARENT_GIF,
} from './tracking-pages';
import { apiPath } from '../../test/api-path';

type Recipient = { trackingToken: string; openPixelUrl: string; clickUrls: Record<string, string> };

const LINK = 'https://example.com/offer';
const DISABLED = 'https://example.com/disabled';

/**
 * The open pixel and the click redirect over a real connection: node:http answers them before
 * Fastify (tracking-fast-path.ts). The same answers as the Fastify routes (tracking.routes.test.ts,
 * through app.inject), the same limits, and everything else still Fastify's.
 */
describe('tracking fast path (node:http before Fastify)', () => {
  let t: TestApp;
  let base: string;
  let campaignId: string;
  let recipients: Recipient[];

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TRACKING_TOKEN_RATE_PER_MINUTE: '3',
        TRACKING_ADDRESS_RATE_PER_SECOND: '20',
        TRUST_PROXY: 'true',
      },
    });
    const demo = await t.seedDemo();
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath('addon.createCampaign'),
      headers: bearer(await t.signIn('olivia@acme.test')),
      payload: {
        workspaceId: demo.spaces['Acme Sales'],
        subject: 'Fast',
        mergeSourceSheetKey: 'sheet-fast',
        spreadsheetName: 'Leads',
        sheetName: 'Sheet1',
        recipients: ['ann', 'bob', 'cy', 'dee'].map((name) => ({
          email: `${name}@example.com`,
          links: [LINK, DISABLED],
        })),
      },
    });
    expect(response.statusCode).toBe(201);
    ({ campaignId, recipients } = response.json<{ campaignId: string; recipients: Recipient[] }>());
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t.close();
  });

  let nextAddress = 1;
  /** A request from an address of its own (X-Forwarded-For, TRUST_PROXY=true). */
  const get = (url: string, address = `10.9.0.${nextAddress++}`) =>
    fetch(url.replace(t.config.PUBLIC_URL, base), {
      redirect: 'manual',
      headers: { 'x-forwarded-for': `${address}, 10.0.0.1` },
    });
  const stored = async (type: 'opened' | 'clicked') =>
    (await storedHits(t.db, campaignId, type)).map((hit) => ({
      recipientId: hit.recipientId?.slice(0, 8),
      url: hit.url,
    }));
  const idOf = (recipient: Recipient) => recipient.trackingToken.split('.')[0]!.slice(0, 8);

  it('answers the pixel with its prebuilt headers only, after the open is stored', async () => {
    const [ann] = recipients as [Recipient];
    const response = await get(ann.openPixelUrl);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(TRANSPARENT_GIF)).toBe(true);
    const headers = Object.fromEntries(response.headers);
    expect(headers).toMatchObject({
      'content-type': 'image/gif',
      'content-length': String(TRANSPARENT_GIF.length),
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'cross-origin',
    });
    // Nothing of Fastify's: no request id, no security headers of the pages.
    for (const name of ['x-request-id', 'permissions-policy', 'content-security-policy']) {
      expect(headers[name], name).toBeUndefined();
    }
    expect(await stored('opened')).toEqual([{ recipientId: idOf(ann), url: null }]);
  });

  it('redirects a click to its link, and answers the pages of a bad index or a disabled link', async () => {
    const [, bob] = recipients as [Recipient, Recipient];
    const click = await get(bob.clickUrls[LINK]!);
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe(LINK);
    expect(click.headers.get('cache-control')).toBe('no-store');
    expect(await stored('clicked')).toEqual([{ recipientId: idOf(bob), url: LINK }]);

    await t.db.execute(
      `update campaign_links set disabled_at = now() where campaign_id = '${campaignId}' and url = '${DISABLED}'`,
    );
    const disabled = await get(bob.clickUrls[DISABLED]!);
    expect(disabled.status).toBe(410);
    expect(await disabled.text()).toContain(DISABLED_LINK_TITLE);

    for (const path of [`/t/c/${bob.trackingToken}/7`, `/t/c/${bob.trackingToken}/x`, '/t/c/garbage/0']) {
      const response = await get(`${base}${path}`);
      expect(response.status, path).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain(INVALID_LINK_TEXT);
      expect(Object.fromEntries(response.headers)).toMatchObject(TRACKING_PAGE_HEADERS);
    }
    expect(await stored('clicked')).toHaveLength(1);
  });

  it('keeps the limits: a recipient’s hits over its budget are answered, not stored; an address over its own gets 429', async () => {
    const [, , cy, dee] = recipients as [Recipient, Recipient, Recipient, Recipient];
    const opens = await Promise.all(Array.from({ length: 6 }, () => get(cy.openPixelUrl)));
    expect(opens.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await stored('opened')).filter((row) => row.recipientId === idOf(cy))).toHaveLength(3);

    const flood = await Promise.all(Array.from({ length: 60 }, () => get(dee.openPixelUrl, '10.8.0.1')));
    const refused = flood.filter((response) => response.status === 429);
    expect(refused.length).toBeGreaterThan(10);
    expect(refused[0]?.headers.get('retry-after')).toBe('1');
    expect(await refused[0]?.text()).toBe('Too many requests.');
    // Another address (the first X-Forwarded-For entry) is not limited by that one.
    expect((await get(dee.openPixelUrl, '10.8.0.2')).status).toBe(200);
  });

  it('leaves everything else to Fastify: HEAD, query strings, other paths', async () => {
    const [ann] = recipients as [Recipient];
    const head = await fetch(ann.openPixelUrl.replace(t.config.PUBLIC_URL, base), { method: 'HEAD' });
    expect(head.status).toBe(404);
    expect(head.headers.get('x-request-id')).not.toBeNull();
    const withQuery = await get(`${ann.openPixelUrl}?utm=1`);
    expect(withQuery.status).toBe(200);
    expect(withQuery.headers.get('x-request-id')).not.toBeNull();
    const health = await fetch(`${base}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});
