import { SENT_OVER_TO_SEND_MESSAGE } from '@mergedesk/domain/campaigns/scheduled-progress';
import { INVALID_EMAIL_MESSAGE } from '@mergedesk/domain/users/email';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, scheduledCampaigns } from '../../db/schema';
import type { DemoSeedResult } from '../../seed/seed';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { apiPath } from '../../test/api-path';

/** Issue 20 "Smaller": over-long addresses and contradicting progress counts of the add-on. */
describe('add-on input checks', () => {
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

  const acmeSales = () => demo.spaces['Acme Sales']!;
  /** 254 characters: the longest address (RFC 5321). */
  const longest = `${'l'.repeat(64)}@${'d'.repeat(63)}.${'d'.repeat(63)}.${'d'.repeat(56)}.test`;

  it('refuses a recipient address over 254 characters with the shared message, and takes 254', async () => {
    const merge = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: apiPath('addon.createCampaign'),
        headers: bearer(olivia),
        payload: {
          workspaceId: acmeSales(),
          subject: 'Long addresses',
          mergeSourceSheetKey: '1AbCdEf-0',
          spreadsheetName: 'Leads',
          sheetName: 'Sheet1',
          recipients: [{ email: 'ann@example.com' }, { email }],
        },
      });
    const refused = await merge(`x${longest}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'recipients.1.email', message: INVALID_EMAIL_MESSAGE }],
    });
    const stored = await t.db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(eq(campaigns.subject, 'Long addresses'));
    expect(stored).toHaveLength(0);

    const accepted = await merge(longest);
    expect(accepted.statusCode).toBe(201);
  });

  describe('scheduled progress: sent never above to send', () => {
    const schedule = async (toSendCount: number) => {
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath('addon.createScheduledCampaign'),
        headers: bearer(olivia),
        payload: {
          workspaceId: acmeSales(),
          mergeSourceSheetKey: '1AbCdEf-12',
          spreadsheetName: 'Leads',
          sheetName: 'Progress',
          nextScheduledRunTimestamp: Date.UTC(2030, 0, 2, 9, 30),
          toSendCount,
        },
      });
      expect(response.statusCode).toBe(201);
      return response.json<{ id: string }>().id;
    };
    const update = (id: string, body: Record<string, unknown>, token = olivia) =>
      t.app.inject({
        method: 'PUT',
        url: apiPath('addon.updateScheduledCampaign', { id }),
        headers: bearer(token),
        payload: body,
      });
    const countsOf = async (id: string) => {
      const [row] = await t.db
        .select({ toSendCount: scheduledCampaigns.toSendCount, sentCount: scheduledCampaigns.sentCount })
        .from(scheduledCampaigns)
        .where(eq(scheduledCampaigns.id, id));
      return row;
    };

    it.each([
      ['both counts, sent above', { toSendCount: 10, sentCount: 11 }, 'sentCount'],
      ['sent alone, above the stored 100', { sentCount: 101 }, 'sentCount'],
      ['to send alone, below the stored 40 sent', { toSendCount: 39 }, 'toSendCount'],
    ])('refuses %s with 400 and changes nothing', async (_name, body, field) => {
      const id = await schedule(100);
      expect((await update(id, { sentCount: 40 })).statusCode).toBe(200);
      const refused = await update(id, { ...body, status: 'UNKNOWN ERROR' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: expect.any(String),
        errors: [{ field, message: SENT_OVER_TO_SEND_MESSAGE }],
      });
      expect(await countsOf(id)).toEqual({ toSendCount: 100, sentCount: 40 });
    });

    it('accepts sent equal to to send, alone or with it, and still answers 404 for another user', async () => {
      const id = await schedule(100);
      expect((await update(id, { sentCount: 100 })).statusCode).toBe(200);
      expect((await update(id, { toSendCount: 120, sentCount: 120 })).statusCode).toBe(200);
      expect(await countsOf(id)).toEqual({ toSendCount: 120, sentCount: 120 });
      const adam = await t.signIn('adam@acme.test');
      expect((await update(id, { sentCount: 500 }, adam)).statusCode).toBe(404);
    });
  });
});
