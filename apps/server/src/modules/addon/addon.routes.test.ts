import { SCHEDULED_RUN_IN_PAST_MESSAGE } from '@mergedesk/domain/campaigns/schedule-time';
import { SCHEDULING_NEEDS_PRO_MESSAGE } from '@mergedesk/domain/plans/plan-features';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bounces,
  campaignEvents,
  campaignLinks,
  campaignRecipients,
  campaigns,
  monthlySentMails,
  scheduledCampaigns,
} from '../../db/schema';
import type { DemoSeedResult } from '../../seed/seed';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { apiPath } from '../../test/api-path';

type SentBody = {
  campaignId: string;
  recipients: Array<{
    email: string;
    trackingToken: string;
    openPixelUrl: string;
    unsubscribeUrl: string;
    responseUrl: string;
    clickUrls: Record<string, string>;
  }>;
};

describe('add-on API', () => {
  let t: TestApp;
  let demo: DemoSeedResult;
  let olivia: string;

  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.seedDemo();
    olivia = await t.signIn('olivia@acme.test');
  });
  afterAll(async () => {
    await t.close();
  });

  const space = (name: string) => demo.spaces[name]!;
  const sendMerge = async (token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: apiPath('addon.createCampaign'),
      headers: bearer(token),
      payload: body,
    });
  const linksOf = (campaignId: string) =>
    t.db
      .select({ linkIndex: campaignLinks.linkIndex, url: campaignLinks.url })
      .from(campaignLinks)
      .where(eq(campaignLinks.campaignId, campaignId))
      .orderBy(campaignLinks.linkIndex);
  /** Olivia's mails of this month in a space (the me call's counter). */
  const monthlyCount = async (workspaceId: string) => {
    const now = new Date();
    const [row] = await t.db
      .select({ count: monthlySentMails.count })
      .from(monthlySentMails)
      .where(
        and(
          eq(monthlySentMails.workspaceId, workspaceId),
          eq(monthlySentMails.userId, demo.users['olivia@acme.test']!),
          eq(monthlySentMails.year, now.getUTCFullYear()),
          eq(monthlySentMails.month, now.getUTCMonth() + 1),
        ),
      );
    return row?.count ?? 0;
  };
  const mergeBody = (workspaceId: string, extra: Record<string, unknown> = {}) => ({
    workspaceId,
    subject: 'Spring offer',
    mergeSourceSheetKey: '1AbCdEf-0',
    spreadsheetName: 'Leads',
    sheetName: 'Sheet1',
    recipients: [
      { email: 'Ann@Example.com', links: ['https://example.com/offer', 'https://example.com/ann?id=1'] },
      { email: 'bob@example.com', links: ['https://example.com/offer'] },
      { email: 'cy@example.com' },
    ],
    ...extra,
  });

  it('registers a sent merge in one go and answers the tracking URLs', async () => {
    const response = await sendMerge(olivia, mergeBody(space('Acme Sales')));
    expect(response.statusCode).toBe(201);
    const body = response.json<SentBody>();
    expect(body.recipients.map((recipient) => recipient.email)).toEqual([
      'ann@example.com',
      'bob@example.com',
      'cy@example.com',
    ]);
    const [ann, bob] = body.recipients;
    const base = `${t.config.PUBLIC_URL}/t`;
    expect(ann!.trackingToken).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(ann!.openPixelUrl).toBe(`${base}/o/${ann!.trackingToken}.gif`);
    expect(ann!.unsubscribeUrl).toBe(`${base}/u/${ann!.trackingToken}`);
    expect(ann!.responseUrl).toBe(`${base}/f/${ann!.trackingToken}`);
    expect(ann!.clickUrls).toEqual({
      'https://example.com/offer': `${base}/c/${ann!.trackingToken}/0`,
      'https://example.com/ann?id=1': `${base}/c/${ann!.trackingToken}/1`,
    });
    expect(bob!.clickUrls).toEqual({ 'https://example.com/offer': `${base}/c/${bob!.trackingToken}/0` });

    const [campaign] = await t.db
      .select({ sentCount: campaigns.sentCount, userId: campaigns.userId, subject: campaigns.subject })
      .from(campaigns)
      .where(eq(campaigns.id, body.campaignId));
    expect(campaign).toEqual({
      sentCount: 3,
      userId: demo.users['olivia@acme.test'],
      subject: 'Spring offer',
    });
    const recipients = await t.db
      .select({ email: campaignRecipients.email, token: campaignRecipients.trackingToken })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.campaignId, body.campaignId));
    expect(recipients).toHaveLength(3);
    const events = await t.db
      .select({ type: campaignEvents.type, aggregated: campaignEvents.aggregated })
      .from(campaignEvents)
      .where(eq(campaignEvents.campaignId, body.campaignId));
    expect(events).toEqual(Array(3).fill({ type: 'sent', aggregated: true }));
    const links = await linksOf(body.campaignId);
    expect(links).toEqual([
      { linkIndex: 0, url: 'https://example.com/offer' },
      { linkIndex: 1, url: 'https://example.com/ann?id=1' },
    ]);
  });

  it('adds the mails to the sender’s monthly counter, except for form notifications', async () => {
    const counter = () => monthlyCount(space('Acme Premium'));
    const before = await counter();
    expect((await sendMerge(olivia, mergeBody(space('Acme Premium')))).statusCode).toBe(201);
    expect(await counter()).toBe(before + 3);
    const form = await sendMerge(olivia, mergeBody(space('Acme Premium'), { isFormNotification: true }));
    expect(form.statusCode).toBe(201);
    expect(await counter()).toBe(before + 3);
  });

  it('answers 400 with the field names of invalid input', async () => {
    const response = await sendMerge(
      olivia,
      mergeBody(space('Acme Sales'), {
        recipients: [{ email: 'not-an-address', links: ['javascript:alert(1)'] }],
        mergeSourceSheetKey: '',
      }),
    );
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; errors: Array<{ field: string; message: string }> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.map((error) => error.field)).toEqual(
      expect.arrayContaining(['mergeSourceSheetKey', 'recipients.0.email', 'recipients.0.links.0']),
    );
    expect(body.errors).toContainEqual({
      field: 'recipients.0.links.0',
      message: 'Links must be absolute http or https URLs.',
    });

    const empty = await sendMerge(olivia, mergeBody(space('Acme Sales'), { recipients: [] }));
    expect(empty.json()).toMatchObject({ message: 'At least one recipient is required.' });
  });

  it('answers 404 for a space the caller is not a member of, 401 without a token', async () => {
    const stranger = await t.signIn('gina@gmail.com');
    const response = await sendMerge(stranger, mergeBody(space('Acme Sales')));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Space not found.' });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: apiPath('addon.createCampaign'),
      payload: mergeBody(space('Acme Sales')),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  describe('links: only plain http(s), normalised (no open redirects by registration)', () => {
    it('refuses links with a user name or password, and non-http(s) links, in the error shape', async () => {
      const response = await sendMerge(
        olivia,
        mergeBody(space('Acme Sales'), {
          recipients: [
            {
              email: 'ann@example.com',
              links: [
                'https://user:pass@example.com/',
                'https://good.example@evil.example/',
                'ftp://example.com/',
              ],
            },
          ],
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [
          { field: 'recipients.0.links.0', message: 'Links must not contain a user name or password.' },
          { field: 'recipients.0.links.1', message: 'Links must not contain a user name or password.' },
          { field: 'recipients.0.links.2', message: 'Links must be absolute http or https URLs.' },
        ],
      });
    });

    it('stores internationalised hosts in punycode; spellings of one link share its click URL', async () => {
      const response = await sendMerge(
        olivia,
        mergeBody(space('Acme Sales'), {
          recipients: [
            { email: 'ann@example.com', links: ['https://Bücher.de/angebot', 'HTTPS://EXAMPLE.com:443/x'] },
            { email: 'bob@example.com', links: ['https://xn--bcher-kva.de/angebot'] },
          ],
        }),
      );
      expect(response.statusCode).toBe(201);
      const body = response.json<SentBody>();
      const base = `${t.config.PUBLIC_URL}/t`;
      const [ann, bob] = body.recipients;
      // The keys are the links as the add-on sent them.
      expect(ann!.clickUrls).toEqual({
        'https://Bücher.de/angebot': `${base}/c/${ann!.trackingToken}/0`,
        'HTTPS://EXAMPLE.com:443/x': `${base}/c/${ann!.trackingToken}/1`,
      });
      expect(bob!.clickUrls).toEqual({
        'https://xn--bcher-kva.de/angebot': `${base}/c/${bob!.trackingToken}/0`,
      });
      const links = await linksOf(body.campaignId);
      expect(links).toEqual([
        { linkIndex: 0, url: 'https://xn--bcher-kva.de/angebot' },
        { linkIndex: 1, url: 'https://example.com/x' },
      ]);
      const click = await t.app.inject({
        method: 'GET',
        url: ann!.clickUrls['https://Bücher.de/angebot']!.replace(t.config.PUBLIC_URL, ''),
      });
      expect(click.headers.location).toBe('https://xn--bcher-kva.de/angebot');
    });
  });

  describe('addresses: one recipient per normalised address', () => {
    it('registers one address spelled four ways once, with the links of every entry', async () => {
      const response = await sendMerge(
        olivia,
        mergeBody(space('Acme Sales'), {
          recipients: [
            { email: 'dana@bücher.de', links: ['https://example.com/a'] },
            { email: ' Dana@Bücher.DE', links: ['https://example.com/b'] },
            { email: 'DANA@BÜCHER.DE ' },
            { email: 'dana@xn--bcher-kva.de', links: ['https://example.com/a'] },
            { email: 'eve@example.com' },
          ],
        }),
      );
      expect(response.statusCode).toBe(201);
      const body = response.json<SentBody>();
      expect(body.recipients.map((recipient) => recipient.email)).toEqual([
        'dana@xn--bcher-kva.de',
        'eve@example.com',
      ]);
      expect(Object.keys(body.recipients[0]!.clickUrls)).toEqual([
        'https://example.com/a',
        'https://example.com/b',
      ]);
      const [campaign] = await t.db
        .select({ sentCount: campaigns.sentCount })
        .from(campaigns)
        .where(eq(campaigns.id, body.campaignId));
      expect(campaign).toEqual({ sentCount: 2 });
      const recipients = await t.db
        .select({ email: campaignRecipients.email })
        .from(campaignRecipients)
        .where(eq(campaignRecipients.campaignId, body.campaignId));
      expect(recipients).toHaveLength(2);
    });
  });

  describe('Idempotency-Key: retries of one merge are one merge', () => {
    const postWithKey = (key: string, body: Record<string, unknown>, token = olivia) =>
      t.app.inject({
        method: 'POST',
        url: apiPath('addon.createCampaign'),
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: body,
      });
    const mergesOf = (sheetKey: string) =>
      t.db
        .select({ id: campaigns.id, sentCount: campaigns.sentCount })
        .from(campaigns)
        .where(eq(campaigns.mergeSourceSheetKey, sheetKey));

    it('answers a replay with the first answer, marked, and writes nothing', async () => {
      const body = mergeBody(space('Acme Sales'), { mergeSourceSheetKey: 'replayed-1' });
      const first = await postWithKey('merge-replayed-1', body);
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const monthly = await monthlyCount(space('Acme Sales'));
      const again = await postWithKey('merge-replayed-1', body);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await mergesOf('replayed-1')).toHaveLength(1);
      expect(await monthlyCount(space('Acme Sales'))).toBe(monthly);
    });

    it('counts five parallel posts of one merge once: one merge, +3 mails, one answer', async () => {
      const body = mergeBody(space('Acme Sales'), { mergeSourceSheetKey: 'raced-1' });
      const before = await monthlyCount(space('Acme Sales'));
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => postWithKey('merge-raced-1', body)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
      expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(
        4,
      );
      expect(new Set(responses.map((response) => response.json<SentBody>().campaignId)).size).toBe(1);
      expect(await mergesOf('raced-1')).toEqual([
        { id: responses[0]!.json<SentBody>().campaignId, sentCount: 3 },
      ]);
      expect(await monthlyCount(space('Acme Sales'))).toBe(before + 3);
    });

    it('refuses the same key with a different body (422, error shape) and writes nothing', async () => {
      const body = mergeBody(space('Acme Sales'), { mergeSourceSheetKey: 'reused-1' });
      expect((await postWithKey('merge-reused-1', body)).statusCode).toBe(201);
      const other = await postWithKey('merge-reused-1', { ...body, subject: 'Another subject' });
      expect(other.statusCode).toBe(422);
      expect(other.json()).toEqual({
        errors: [],
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This Idempotency-Key was already used with a different request.',
      });
      expect(await mergesOf('reused-1')).toHaveLength(1);
    });

    it('keeps keys per caller, and lets a failed request be retried with its key', async () => {
      const adam = await t.signIn('adam@acme.test');
      const body = mergeBody(space('Acme Sales'), { mergeSourceSheetKey: 'per-caller-1' });
      expect((await postWithKey('shared-key', body)).statusCode).toBe(201);
      const theirs = await postWithKey('shared-key', body, adam);
      expect(theirs.statusCode).toBe(201);
      expect(theirs.headers['idempotent-replayed']).toBeUndefined();
      expect(await mergesOf('per-caller-1')).toHaveLength(2);

      // A refused request leaves no key behind: the corrected retry with the same key runs.
      const invalid = await postWithKey('fix-and-retry', { ...body, recipients: [] });
      expect(invalid.statusCode).toBe(400);
      const stranger = await postWithKey('fix-and-retry', body, await t.signIn('gina@gmail.com'));
      expect(stranger.statusCode).toBe(404);
      expect((await postWithKey('fix-and-retry', body)).statusCode).toBe(201);
    });

    it('refuses a malformed key', async () => {
      const response = await postWithKey('has spaces', mergeBody(space('Acme Sales')));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('makes a retried scheduled merge one scheduled merge', async () => {
      const schedule = () =>
        t.app.inject({
          method: 'POST',
          url: apiPath('addon.createScheduledCampaign'),
          headers: { ...bearer(olivia), 'idempotency-key': 'schedule-1' },
          payload: {
            workspaceId: space('Acme Sales'),
            mergeSourceSheetKey: 'sched-idem-1',
            spreadsheetName: 'Leads',
            sheetName: 'March',
            nextScheduledRunTimestamp: Date.UTC(2030, 0, 2),
            toSendCount: 10,
          },
        });
      const [a, b] = await Promise.all([schedule(), schedule()]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(a.json<{ id: string }>().id).toBe(b.json<{ id: string }>().id);
    });
  });

  describe('scheduled merges', () => {
    const schedule = (token: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: apiPath('addon.createScheduledCampaign'),
        headers: bearer(token),
        payload: body,
      });
    const update = (token: string, id: string, body: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: apiPath('addon.updateScheduledCampaign', { id }),
        headers: bearer(token),
        payload: body,
      });
    const nextRun = Date.UTC(2030, 0, 2, 9, 30);

    it.each([
      ['mia@acme.test', 'Acme Sales', 'PRO member of a PRO space', 201],
      ['penny@gmail.com', "Penny's space", 'PRO_PERSONAL owner of a LEGACY space', 201],
      ['fred@acme.test', 'Acme Sales', 'FREE member of a PRO space', 403],
      ['gina@gmail.com', "Gina's space", 'FREE owner of a FREE space', 403],
    ] as const)(
      'schedules for %s in %s (%s): %i (spec 002 §9, Pro adds scheduled send)',
      async (email, spaceName, _plan, status) => {
        const response = await schedule(await t.signIn(email), {
          workspaceId: space(spaceName),
          mergeSourceSheetKey: '1AbCdEf-12',
          spreadsheetName: 'Leads',
          sheetName: 'Plan check',
          nextScheduledRunTimestamp: nextRun,
          toSendCount: 5,
        });
        expect(response.statusCode).toBe(status);
        if (status === 403) {
          expect(response.json()).toEqual({
            errors: [],
            code: 'FORBIDDEN',
            message: SCHEDULING_NEEDS_PRO_MESSAGE,
          });
        }
      },
    );

    it('refuses a scheduled run time in the past, and stores nothing (issue 21)', async () => {
      const sheetKey = '1PastTime-21';
      const past = await schedule(olivia, {
        workspaceId: space('Acme Sales'),
        mergeSourceSheetKey: sheetKey,
        spreadsheetName: 'Leads',
        sheetName: 'Yesterday',
        nextScheduledRunTimestamp: Date.now() - 86_400_000,
        toSendCount: 5,
      });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toEqual({
        errors: [{ field: 'nextScheduledRunTimestamp', message: SCHEDULED_RUN_IN_PAST_MESSAGE }],
        code: 'VALIDATION_FAILED',
        message: SCHEDULED_RUN_IN_PAST_MESSAGE,
      });
      const stored = await t.db
        .select({ id: scheduledCampaigns.id })
        .from(scheduledCampaigns)
        .where(eq(scheduledCampaigns.mergeSourceSheetKey, sheetKey));
      expect(stored).toEqual([]);
      // A few seconds behind our clock is the add-on's clock, not the past.
      const justNow = await schedule(olivia, {
        workspaceId: space('Acme Sales'),
        mergeSourceSheetKey: sheetKey,
        spreadsheetName: 'Leads',
        sheetName: 'Now',
        nextScheduledRunTimestamp: Date.now() - 5000,
        toSendCount: 5,
      });
      expect(justNow.statusCode).toBe(201);
    });

    it('registers a scheduled merge and follows its progress and errors', async () => {
      const created = await schedule(olivia, {
        workspaceId: space('Acme Sales'),
        mergeSourceSheetKey: '1AbCdEf-12',
        spreadsheetName: 'Leads',
        sheetName: 'March',
        nextScheduledRunTimestamp: nextRun,
        toSendCount: 120,
      });
      expect(created.statusCode).toBe(201);
      const item = created.json<{ id: string }>();
      expect(item).toMatchObject({
        mergeSourceSheetKey: '1AbCdEf-12',
        mergeSourceSpreadSheetName: 'Leads',
        mergeSourceSheetName: 'March',
        nextScheduledRunTimestamp: nextRun,
        status: 'IN PROGRESS',
        eventCounts: { toSendCount: 120, sentCount: 0 },
        errorDetails: {
          error: null,
          errorDetails: null,
          recoverableErrorRetries: 0,
          recoverableErrorLastRetryTimestamp: null,
        },
      });

      const retry = Date.UTC(2030, 0, 2, 10, 0);
      const updated = await update(olivia, item.id, {
        status: 'SHEET DELETED',
        sentCount: 40,
        error: 'SHEET DELETED',
        errorDetails: 'Sheet "March" not found',
        recoverableErrorRetries: 2,
        recoverableErrorLastRetryTimestamp: retry,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        status: 'SHEET DELETED',
        eventCounts: { toSendCount: 120, sentCount: 40 },
        errorDetails: {
          error: 'SHEET DELETED',
          errorDetails: 'Sheet "March" not found',
          recoverableErrorRetries: 2,
          recoverableErrorLastRetryTimestamp: retry,
        },
      });

      // Out of quota (spec 002 §4.1): IN PROGRESS with no next run.
      const outOfQuota = await update(olivia, item.id, {
        status: 'IN PROGRESS',
        nextScheduledRunTimestamp: null,
      });
      expect(outOfQuota.json()).toMatchObject({ status: 'IN PROGRESS', nextScheduledRunTimestamp: null });
    });

    it('validates the status against the spec’s list', async () => {
      const created = await schedule(olivia, {
        workspaceId: space('Acme Sales'),
        mergeSourceSheetKey: '1AbCdEf-12',
        spreadsheetName: 'Leads',
        sheetName: 'March',
        nextScheduledRunTimestamp: nextRun,
        toSendCount: 1,
      });
      const response = await update(olivia, created.json<{ id: string }>().id, { status: 'EXPLODED' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ field: 'status' }] });
      expect(response.json<{ message: string }>().message).toContain('Status must be one of: IN PROGRESS,');
    });

    it('answers 404 for another user’s scheduled merge', async () => {
      const created = await schedule(olivia, {
        workspaceId: space('Acme Sales'),
        mergeSourceSheetKey: '1AbCdEf-12',
        spreadsheetName: 'Leads',
        sheetName: 'March',
        nextScheduledRunTimestamp: nextRun,
        toSendCount: 1,
      });
      const adam = await t.signIn('adam@acme.test');
      const response = await update(adam, created.json<{ id: string }>().id, { sentCount: 1 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Scheduled mail merge not found.' });
      expect((await update(adam, 'not-a-uuid', { sentCount: 1 })).statusCode).toBe(404);
    });
  });

  describe('bounces and replies', () => {
    const report = (token: string, id: string, kind: 'bounces' | 'replies', emails: string[]) =>
      t.app.inject({
        method: 'POST',
        url: apiPath(kind === 'bounces' ? 'addon.reportBounces' : 'addon.reportReplies', { id }),
        headers: bearer(token),
        payload: { emails },
      });

    it('records bounce events and fills the bounce list by the space’s shared rule', async () => {
      const sales = (await sendMerge(olivia, mergeBody(space('Acme Sales')))).json<SentBody>();
      const response = await report(olivia, sales.campaignId, 'bounces', [
        'BOB@example.com',
        'stranger@example.com',
      ]);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ recorded: 1, updated: 2 });
      const events = await t.db
        .select({ type: campaignEvents.type, aggregated: campaignEvents.aggregated })
        .from(campaignEvents)
        .where(and(eq(campaignEvents.campaignId, sales.campaignId), eq(campaignEvents.type, 'bounced')));
      expect(events).toEqual([{ type: 'bounced', aggregated: false }]);
      const list = await t.db
        .select({ email: bounces.email, type: bounces.type })
        .from(bounces)
        .where(eq(bounces.workspaceId, space('Acme Sales')))
        .orderBy(bounces.email);
      expect(list).toEqual(
        expect.arrayContaining([
          { email: 'bob@example.com', type: 'PERSONAL' },
          { email: 'stranger@example.com', type: 'PERSONAL' },
        ]),
      );
      // The same report again adds nothing new to the list.
      expect((await report(olivia, sales.campaignId, 'bounces', ['bob@example.com'])).json()).toEqual({
        recorded: 1,
        updated: 0,
      });

      // Acme Premium shares bounces across the space (Premium, a paid user plan).
      const premium = (await sendMerge(olivia, mergeBody(space('Acme Premium')))).json<SentBody>();
      await report(olivia, premium.campaignId, 'bounces', ['cy@example.com']);
      const [shared] = await t.db
        .select({ type: bounces.type })
        .from(bounces)
        .where(and(eq(bounces.workspaceId, space('Acme Premium')), eq(bounces.email, 'cy@example.com')));
      expect(shared).toEqual({ type: 'WORKSPACE' });
    });

    it('records replies as responded events', async () => {
      const sent = (await sendMerge(olivia, mergeBody(space('Acme Sales')))).json<SentBody>();
      const response = await report(olivia, sent.campaignId, 'replies', [
        'ann@example.com',
        'cy@example.com',
      ]);
      expect(response.json()).toEqual({ recorded: 2 });
    });

    it('answers 404 for a merge of another user or space', async () => {
      const sent = (await sendMerge(olivia, mergeBody(space('Acme Sales')))).json<SentBody>();
      const adam = await t.signIn('adam@acme.test');
      for (const kind of ['bounces', 'replies'] as const) {
        const response = await report(adam, sent.campaignId, kind, ['ann@example.com']);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Mail merge not found.' });
      }
      expect(
        (await report(olivia, '00000000-0000-4000-8000-000000000000', 'bounces', ['a@b.co'])).statusCode,
      ).toBe(404);
    });
  });
});
