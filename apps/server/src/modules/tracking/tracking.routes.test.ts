import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { campaignLinks, pollResponses, unsubscriptions } from '../../db/schema';
import type { DemoSeedResult } from '../../seed/seed';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { storedHits } from '../../test/tracked-hits';
import {
  DISABLED_LINK_TITLE,
  INVALID_LINK_TEXT,
  TRACKING_ERROR_TITLE,
  TRACKING_PAGE_HEADERS,
  TRANSPARENT_GIF,
  UNSUBSCRIBE_BUTTON,
  UNSUBSCRIBE_QUESTION,
} from './tracking-pages';
import { createTrackingTokens } from './tracking-token';
import { apiPath } from '../../test/api-path';
import { API_DOCS_PATH } from '../../app';

type Recipient = {
  email: string;
  trackingToken: string;
  openPixelUrl: string;
  unsubscribeUrl: string;
  responseUrl: string;
  clickUrls: Record<string, string>;
};

describe('tracking endpoints', () => {
  let t: TestApp;
  let demo: DemoSeedResult;
  let campaignId: string;
  let ann: Recipient;
  let bob: Recipient;

  const pathOf = (url: string) => url.replace(t.config.PUBLIC_URL, '');
  const eventsOf = async (type: 'opened' | 'clicked' | 'unsubscribed' | 'responded') =>
    (await storedHits(t.db, campaignId, type)).map((hit) => ({ recipientId: hit.recipientId, url: hit.url }));
  const recipientIdOf = (recipient: Recipient) => recipient.trackingToken.split('.')[0];
  /** The same signature with its last character changed. */
  const tampered = (token: string) => token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');

  const twoRecipients = [
    { email: 'ann@example.com', links: ['https://example.com/a', 'https://example.com/b'] },
    { email: 'bob@example.com', links: ['https://example.com/a'] },
  ];
  const sendMerge = async (spaceName: string, recipients: unknown[] = twoRecipients) => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath('addon.createCampaign'),
      headers: bearer(await t.signIn('olivia@acme.test')),
      payload: {
        workspaceId: demo.spaces[spaceName],
        subject: 'Hello',
        mergeSourceSheetKey: 'sheet-0',
        spreadsheetName: 'Leads',
        sheetName: 'Sheet1',
        recipients,
      },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ campaignId: string; recipients: Recipient[] }>();
  };

  beforeAll(async () => {
    // Limits out of the way here (tracking.limits.test.ts tests them): these tests replay hits.
    t = await createTestApp({
      env: { TRACKING_TOKEN_RATE_PER_MINUTE: '1000', TRACKING_ADDRESS_RATE_PER_SECOND: '100000' },
    });
    demo = await t.seedDemo();
    const sent = await sendMerge('Acme Sales');
    campaignId = sent.campaignId;
    [ann, bob] = sent.recipients as [Recipient, Recipient];
  });
  afterAll(async () => {
    await t.close();
  });

  describe('open pixel', () => {
    it('answers a transparent GIF, uncached, and the open is stored before the answer', async () => {
      const response = await t.app.inject({ method: 'GET', url: pathOf(ann.openPixelUrl) });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/gif');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.rawPayload.equals(TRANSPARENT_GIF)).toBe(true);
      expect(await eventsOf('opened')).toEqual([{ recipientId: recipientIdOf(ann), url: null }]);
    });

    it('takes the lean path: none of helmet’s page headers on the image', async () => {
      const response = await t.app.inject({ method: 'GET', url: pathOf(ann.openPixelUrl) });
      expect(response.statusCode).toBe(200);
      for (const header of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
        expect(response.headers[header], header).toBeUndefined();
      }
      // A page of the API keeps them (app.test.ts checks them in full).
      // eslint-disable-next-line no-restricted-syntax -- an API path that is deliberately not in the table
      const api = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
      expect(api.headers['content-security-policy']).toBeDefined();
      expect(api.headers['x-frame-options']).toBeDefined();
    });

    it('answers the GIF for a tampered, foreign or malformed token and records nothing', async () => {
      const foreign = createTrackingTokens('another-installation-secret-of-32-chars!').sign(
        recipientIdOf(bob)!,
      );
      for (const token of [tampered(bob.trackingToken), foreign, 'garbage']) {
        const response = await t.app.inject({ method: 'GET', url: apiPath('tracking.open', { token }) });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('image/gif');
      }
      expect((await eventsOf('opened')).filter((event) => event.recipientId === recipientIdOf(bob))).toEqual(
        [],
      );
    });

    it('batches hits arriving together into the same insert and writes all of them', async () => {
      const before = (await eventsOf('opened')).length;
      const responses = await Promise.all(
        Array.from({ length: 30 }, () => t.app.inject({ method: 'GET', url: pathOf(bob.openPixelUrl) })),
      );
      expect(responses.every((response) => response.statusCode === 200)).toBe(true);
      expect((await eventsOf('opened')).length).toBe(before + 30);
    });
  });

  describe('a hit whose event cannot be stored', () => {
    it('answers the GIF as not stored (500), and still redirects the click, counted and logged as lost', async () => {
      // A constraint every new batch of hits breaks: the batch INSERT fails with a non-retryable error.
      await t.db.execute(
        sql`alter table tracking_hit_batches add constraint no_hits check (false) not valid`,
      );
      const lostBefore = t.app.trackingStats.lost;
      const eventsBefore = (await eventsOf('opened')).length + (await eventsOf('clicked')).length;
      try {
        // The open is not acknowledged, but the image is still there: no broken image in the mail.
        const open = await t.app.inject({ method: 'GET', url: pathOf(ann.openPixelUrl) });
        expect(open.statusCode).toBe(500);
        expect(open.headers['content-type']).toBe('image/gif');
        expect(open.rawPayload.length).toBeGreaterThan(0);
        const click = await t.app.inject({
          method: 'GET',
          url: pathOf(ann.clickUrls['https://example.com/a']!),
        });
        expect(click.statusCode).toBe(302);
        expect(click.headers.location).toBe('https://example.com/a');
      } finally {
        await t.db.execute(sql`alter table tracking_hit_batches drop constraint no_hits`);
      }
      // The click only: it redirected although its event could not be stored, even once more.
      expect(t.app.trackingStats.lost).toBe(lostBefore + 1);
      expect((await eventsOf('opened')).length + (await eventsOf('clicked')).length).toBe(eventsBefore);
    });
  });

  describe('click redirect', () => {
    it('redirects to the link that was sent and records the click', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: pathOf(ann.clickUrls['https://example.com/b']!),
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('https://example.com/b');
      expect(await eventsOf('clicked')).toEqual([
        { recipientId: recipientIdOf(ann), url: 'https://example.com/b' },
      ]);
    });

    it('looks the link up in the statement that writes the click: one query per click', async () => {
      const query = vi.spyOn(t.pool, 'query');
      try {
        const response = await t.app.inject({
          method: 'GET',
          url: pathOf(bob.clickUrls['https://example.com/a']!),
        });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe('https://example.com/a');
        expect(query).toHaveBeenCalledTimes(1);
      } finally {
        query.mockRestore();
      }
      expect((await eventsOf('clicked')).filter((event) => event.recipientId === recipientIdOf(bob))).toEqual(
        [{ recipientId: recipientIdOf(bob), url: 'https://example.com/a' }],
      );
    });

    it('answers 400 with an error page, and no redirect, for an unknown index or a bad token', async () => {
      const token = ann.trackingToken;
      // Written out: link indexes and tokens the table's pattern does not describe (an encoded URL too).
      for (const url of [
        `/t/c/${token}/7`,
        `/t/c/${token}/-1`,
        `/t/c/${token}/https:%2F%2Fevil.example`,
        `/t/c/${tampered(token)}/0`,
        `/t/c/garbage/0`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.headers.location).toBeUndefined();
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain(TRACKING_ERROR_TITLE);
        expect(response.body).toContain(INVALID_LINK_TEXT);
        // The page keeps its own strict headers on the lean path (TRACKING_PAGE_HEADERS).
        expect(response.headers).toMatchObject(TRACKING_PAGE_HEADERS);
      }
      expect(await eventsOf('clicked')).toHaveLength(2);
    });

    it('never redirects to a link of another merge', async () => {
      const other = await sendMerge('Acme Premium', [
        { email: 'cy@example.com', links: ['https://example.com/c'] },
      ]);
      // Index 1 exists in the first merge only; the other merge has one link.
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath('tracking.click', { token: other.recipients[0]!.trackingToken, linkIndex: '1' }),
      });
      expect(response.statusCode).toBe(400);
    });

    it('answers a neutral page, no redirect and no click, for a link an operator disabled', async () => {
      const merge = await sendMerge('Acme Sales', [
        { email: 'dee@example.com', links: ['https://example.com/abusive', 'https://example.com/fine'] },
      ]);
      const dee = merge.recipients[0]!;
      await t.db
        .update(campaignLinks)
        .set({ disabledAt: new Date() })
        .where(
          and(
            eq(campaignLinks.campaignId, merge.campaignId),
            eq(campaignLinks.url, 'https://example.com/abusive'),
          ),
        );
      const response = await t.app.inject({
        method: 'GET',
        url: pathOf(dee.clickUrls['https://example.com/abusive']!),
      });
      expect(response.statusCode).toBe(410);
      expect(response.headers.location).toBeUndefined();
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(DISABLED_LINK_TITLE);
      expect(response.body).not.toContain('abusive');
      const fine = await t.app.inject({
        method: 'GET',
        url: pathOf(dee.clickUrls['https://example.com/fine']!),
      });
      expect(fine.headers.location).toBe('https://example.com/fine');
      const clicks = await storedHits(t.db, merge.campaignId, 'clicked');
      expect(clicks.map((click) => click.url)).toEqual(['https://example.com/fine']);
    });

    it('does not answer HEAD (link scanners)', async () => {
      const response = await t.app.inject({
        method: 'HEAD',
        url: pathOf(ann.clickUrls['https://example.com/a']!),
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('unsubscribe', () => {
    const confirm = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'confirm=1',
      });

    it('GET shows a confirmation page and unsubscribes nobody (scanners and prefetchers)', async () => {
      for (let visit = 0; visit < 3; visit += 1) {
        const response = await t.app.inject({ method: 'GET', url: pathOf(bob.unsubscribeUrl) });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers.location).toBeUndefined();
        expect(response.body).toContain(UNSUBSCRIBE_QUESTION);
        // The button posts the confirmation to the same URL.
        expect(response.body).toMatch(/<form method="post"><input type="hidden" name="confirm" value="1">/);
        expect(response.body).toContain(`<button type="submit">${UNSUBSCRIBE_BUTTON}</button>`);
      }
      const rows = await t.db
        .select({ email: unsubscriptions.email })
        .from(unsubscriptions)
        .where(eq(unsubscriptions.workspaceId, demo.spaces['Acme Sales']!));
      expect(rows).not.toContainEqual({ email: 'bob@example.com' });
      expect(await eventsOf('unsubscribed')).toEqual([]);
    });

    it('the confirmation button records the unsubscription and lands on /unsubscribed', async () => {
      const response = await confirm(pathOf(bob.unsubscribeUrl));
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`${t.config.PUBLIC_URL}/unsubscribed`);
      const rows = await t.db
        .select({ email: unsubscriptions.email, type: unsubscriptions.type })
        .from(unsubscriptions)
        .where(eq(unsubscriptions.workspaceId, demo.spaces['Acme Sales']!));
      expect(rows).toContainEqual({ email: 'bob@example.com', type: 'PERSONAL' });
      expect(await eventsOf('unsubscribed')).toEqual([{ recipientId: recipientIdOf(bob), url: null }]);
    });

    it('lands on /unsubscribed?success=0 for a bad token, recording nothing', async () => {
      const response = await confirm(apiPath('tracking.unsubscribe', { token: tampered(ann.trackingToken) }));
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`${t.config.PUBLIC_URL}/unsubscribed?success=0`);
      expect(await eventsOf('unsubscribed')).toHaveLength(1);
    });

    it('accepts the RFC 8058 one-click POST, shared across a Premium space', async () => {
      const premium = await sendMerge('Acme Premium');
      const response = await t.app.inject({
        method: 'POST',
        url: pathOf(premium.recipients[0]!.unsubscribeUrl),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode).toBe(200);
      const [row] = await t.db
        .select({ type: unsubscriptions.type })
        .from(unsubscriptions)
        .where(
          and(
            eq(unsubscriptions.workspaceId, demo.spaces['Acme Premium']!),
            eq(unsubscriptions.email, 'ann@example.com'),
          ),
        );
      expect(row).toEqual({ type: 'WORKSPACE' });

      const multipart = await t.app.inject({
        method: 'POST',
        url: pathOf(premium.recipients[1]!.unsubscribeUrl),
        headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
        payload:
          '--XyZ\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--XyZ--\r\n',
      });
      expect(multipart.statusCode).toBe(200);
    });

    it('refuses a one-click POST without the one-click body or with a bad token', async () => {
      const noBody = await t.app.inject({
        method: 'POST',
        url: pathOf(ann.unsubscribeUrl),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'something=else',
      });
      expect(noBody.statusCode).toBe(400);
      const badToken = await t.app.inject({
        method: 'POST',
        url: apiPath('tracking.unsubscribe', { token: tampered(ann.trackingToken) }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(badToken.statusCode).toBe(400);
      expect((await eventsOf('unsubscribed')).some((event) => event.recipientId === recipientIdOf(ann))).toBe(
        false,
      );
    });
  });

  describe('form response', () => {
    it('records the answer and lands on /formresponse', async () => {
      const response = await t.app.inject({ method: 'GET', url: `${pathOf(ann.responseUrl)}?value=Yes` });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`${t.config.PUBLIC_URL}/formresponse`);
      const rows = await t.db
        .select({ value: pollResponses.value, aggregated: pollResponses.aggregated })
        .from(pollResponses)
        .where(eq(pollResponses.campaignId, campaignId));
      expect(rows).toEqual([{ value: 'Yes', aggregated: false }]);
      expect(await eventsOf('responded')).toEqual([{ recipientId: recipientIdOf(ann), url: null }]);
    });

    it('keeps one answer per recipient however often the link is replayed: the latest', async () => {
      const replays = await Promise.all(
        Array.from({ length: 50 }, () =>
          t.app.inject({ method: 'GET', url: `${pathOf(bob.responseUrl)}?value=No` }),
        ),
      );
      expect(replays.every((response) => response.statusCode === 303)).toBe(true);
      const changed = await t.app.inject({ method: 'GET', url: `${pathOf(bob.responseUrl)}?value=Maybe` });
      expect(changed.headers.location).toBe(`${t.config.PUBLIC_URL}/formresponse`);
      const rows = await t.db
        .select({ recipientId: pollResponses.recipientId, value: pollResponses.value })
        .from(pollResponses)
        .where(eq(pollResponses.campaignId, campaignId))
        .orderBy(pollResponses.value);
      expect(rows).toEqual([
        { recipientId: recipientIdOf(bob), value: 'Maybe' },
        { recipientId: recipientIdOf(ann), value: 'Yes' },
      ]);
    });

    it('lands on /formresponse?success=0 for a bad token or a missing value', async () => {
      for (const url of [
        apiPath('tracking.formResponse', { token: tampered(ann.trackingToken) }, 'value=Yes'),
        pathOf(ann.responseUrl),
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(303);
        expect(response.headers.location).toBe(`${t.config.PUBLIC_URL}/formresponse?success=0`);
      }
      expect(
        (await eventsOf('responded')).filter((event) => event.recipientId === recipientIdOf(ann)),
      ).toHaveLength(1);
    });
  });

  it('documents the add-on and tracking routes in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` })).json<{
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown }>>;
    }>();
    /* eslint-disable no-restricted-syntax -- the OpenAPI document's keys, in its {param} form */
    expect(document.paths['/api/addon/campaigns']?.post).toMatchObject({
      tags: ['addon'],
      security: [{ bearerAuth: [] }],
    });
    expect(document.paths['/api/addon/scheduled-campaigns/{id}']?.put?.tags).toEqual(['addon']);
    /* eslint-enable no-restricted-syntax */
    expect(document.paths['/t/c/{token}/{linkIndex}']?.get?.security).toBeUndefined();
    expect(document.paths['/t/u/{token}']?.post?.tags).toEqual(['tracking']);
  });
});
