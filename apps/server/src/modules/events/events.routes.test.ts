import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { pageViews, usageEvents } from '../../db/schema';
import { bearer } from '../../test/test-app';
import { useSeededTestApp } from '../../test/seeded-app';
import { EVENTS_RATE_LIMIT_PER_MINUTE } from './events.routes';
import { apiPath } from '../../test/api-path';

describe('events API', () => {
  const t = useSeededTestApp();

  const post = async (email: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: apiPath('events.track'),
      headers: bearer(await t.signIn(email)),
      payload,
    });

  it('stores a page view with the space of a member', async () => {
    const response = await post('olivia@acme.test', {
      event_type: 'page_view',
      webapp_version: '2.10.30',
      ui_type: 'seats_in_spaces',
      page_path: '/x/acme-sales/mail-merges/sent',
      space_id: t.demo.spaces['Acme Sales'],
      search: '?show-plans=1',
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({});
    const rows = await t.db
      .select({
        workspaceId: pageViews.workspaceId,
        pagePath: pageViews.pagePath,
        payload: pageViews.payload,
      })
      .from(pageViews)
      .where(eq(pageViews.userId, t.demo.users['olivia@acme.test']!));
    expect(rows).toEqual([
      {
        workspaceId: t.demo.spaces['Acme Sales'],
        pagePath: '/x/acme-sales/mail-merges/sent',
        payload: expect.objectContaining({ event_type: 'page_view', search: '?show-plans=1' }) as unknown,
      },
    ]);
  });

  it('does not attribute a page view to a space the caller is not a member of', async () => {
    const response = await post('gina@gmail.com', {
      event_type: 'page_view',
      webapp_version: '2.10.30',
      page_path: '/somewhere',
      space_id: t.demo.spaces['Acme Sales'],
    });
    expect(response.statusCode).toBe(202);
    const rows = await t.db
      .select({ workspaceId: pageViews.workspaceId })
      .from(pageViews)
      .where(eq(pageViews.userId, t.demo.users['gina@gmail.com']!));
    expect(rows).toEqual([{ workspaceId: null }]);
  });

  it('stores other events as usage events', async () => {
    const response = await post('mia@acme.test', {
      event_type: 'ad_clicked',
      webapp_version: '2.10.30',
      message: 'FormPilot',
      productId: 'formpilot',
    });
    expect(response.statusCode).toBe(202);
    const rows = await t.db
      .select({ eventType: usageEvents.eventType, payload: usageEvents.payload })
      .from(usageEvents)
      .where(eq(usageEvents.userId, t.demo.users['mia@acme.test']!));
    expect(rows).toEqual([
      {
        eventType: 'ad_clicked',
        payload: {
          event_type: 'ad_clicked',
          webapp_version: '2.10.30',
          message: 'FormPilot',
          productId: 'formpilot',
        },
      },
    ]);
  });

  it('answers 400 for an unknown event type', async () => {
    const response = await post('mia@acme.test', { event_type: 'hack', webapp_version: '2.10.30' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'event_type' }] });
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: apiPath('events.track'),
      payload: { event_type: 'ad_displayed', webapp_version: '2.10.30' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('limits each user to a number of events per minute', async () => {
    const headers = bearer(await t.signIn('fred@acme.test'));
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: apiPath('events.track'),
        headers,
        payload: { event_type: 'ad_displayed', webapp_version: '2.10.30' },
      });
    for (let index = 0; index < EVENTS_RATE_LIMIT_PER_MINUTE; index += 1) {
      expect((await send()).statusCode).toBe(202);
    }
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      errors: [],
      code: 'RATE_LIMITED',
      // The wait is what is left of the minute: "1 minute", "59 seconds"…
      message: expect.stringMatching(
        /^Too many requests\. Please try again in \d+ (minute|seconds?)\.$/,
      ) as string,
    });
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // Another user is not affected.
    expect(
      (await post('adam@acme.test', { event_type: 'ad_displayed', webapp_version: '2.10.30' })).statusCode,
    ).toBe(202);
  });
});
