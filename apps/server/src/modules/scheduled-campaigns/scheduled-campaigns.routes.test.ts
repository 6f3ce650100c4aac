import {
  SCHEDULED_CAMPAIGN_NOT_FOUND_MESSAGE,
  type ScheduledCampaign,
  type ScheduledCampaignList,
} from '@mergedesk/domain/api/scheduled-campaigns';
import { CAMPAIGN_WORKSPACE_REQUIRED_MESSAGE } from '@mergedesk/domain/api/campaigns';
import {
  isOutOfQuota,
  isRecoverable,
  SCHEDULED_STATUSES,
} from '@mergedesk/domain/campaigns/scheduled-status';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scheduledCampaigns, usageEvents } from '../../db/schema';
import { bearer } from '../../test/test-app';
import { apiPath } from '../../test/api-path';
import { useSeededTestApp } from '../../test/seeded-app';
import { SPACE_NOT_FOUND_MESSAGE } from '../../lib/access';
import { CANCELLED_SCHEDULED_MERGE_EVENT } from './scheduled-campaigns.service';

describe('scheduled campaigns API', () => {
  const now = new Date();
  const t = useSeededTestApp({ now });

  const space = t.space;
  const user = t.user;
  const request = async (email: string, method: 'GET' | 'DELETE', url: string) =>
    t.app.inject({ method, url, headers: bearer(await t.signIn(email)) });
  const list = async (email: string, query: string) =>
    request(email, 'GET', apiPath('scheduledCampaigns.list', {}, query));
  const acme = () => `filterBy=workspaceId:${space('Acme Sales')}`;
  const adamsMerge = async () => {
    const [row] = await t.db
      .select({ id: scheduledCampaigns.id })
      .from(scheduledCampaigns)
      .where(eq(scheduledCampaigns.userId, user('adam@acme.test')));
    return row!.id;
  };

  describe('GET /api/v1/users/me/scheduled-campaigns', () => {
    it("lists the caller's own merges of the space: one per status, next run first", async () => {
      const response = await list('olivia@acme.test', acme());
      expect(response.statusCode).toBe(200);
      const body = response.json<ScheduledCampaignList>();
      expect(body.total).toBe(10);
      expect(new Set(body.items.map((item) => item.status))).toEqual(new Set(SCHEDULED_STATUSES));
      expect(body.items.some((item) => item.mergeSourceSheetName === "Adam's follow-up")).toBe(false);
      const runs = body.items.map((item) => item.nextScheduledRunTimestamp).filter((run) => run !== null);
      expect(runs).toEqual([...runs].sort((a, b) => a - b));
      expect(body.items.filter(isOutOfQuota)).toHaveLength(1);
      expect(
        body.items
          .filter((item) => isRecoverable(item.errorDetails))
          .map((item) => item.status)
          .sort(),
      ).toEqual(['SHEET DELETED', 'UNKNOWN ERROR']);
      expect(body.items.find((item) => item.status === 'UNKNOWN ERROR')?.errorDetails).toMatchObject({
        error: 'UNKNOWN ERROR',
        recoverableErrorRetries: 2,
      });
    });

    it('sorts and pages in SQL', async () => {
      const body = (
        await list('olivia@acme.test', `${acme()}&sortBy=createTimestamp:desc&limit=3&limitOffset=1`)
      ).json<ScheduledCampaignList>();
      expect(body.total).toBe(10);
      expect(body.items.map((item) => item.mergeSourceSheetName)).toEqual([
        'Big announcement',
        'Renewal reminders',
        'Webinar follow-up',
      ]);
    });

    it('answers 400 without workspaceId or with an unknown key, 404 for another space', async () => {
      const missing = await list('olivia@acme.test', '');
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ message: CAMPAIGN_WORKSPACE_REQUIRED_MESSAGE });
      const unknown = await list('olivia@acme.test', `${acme()},status:x`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ message: "Unknown filter key 'status'." });
      const sort = await list('olivia@acme.test', `${acme()}&sortBy=status:asc`);
      expect(sort.json()).toMatchObject({ message: "Unknown sort key 'status'." });
      const other = await list('leo@legacy.test', acme());
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ message: SPACE_NOT_FOUND_MESSAGE });
    });
  });

  describe('GET /api/v1/users/me/scheduled-campaigns/{id}', () => {
    it("answers the caller's merge and 404 for someone else's", async () => {
      const id = await adamsMerge();
      const own = await request('adam@acme.test', 'GET', apiPath('scheduledCampaigns.get', { id }));
      expect(own.statusCode).toBe(200);
      expect(own.json<ScheduledCampaign>()).toMatchObject({
        id,
        mergeSourceSheetName: "Adam's follow-up",
        status: 'IN PROGRESS',
        eventCounts: { sentCount: 0 },
      });
      const other = await request('olivia@acme.test', 'GET', apiPath('scheduledCampaigns.get', { id }));
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: SCHEDULED_CAMPAIGN_NOT_FOUND_MESSAGE,
      });
      const malformed = await request(
        'olivia@acme.test',
        'GET',
        apiPath('scheduledCampaigns.get', { id: 'x' }),
      );
      expect(malformed.statusCode).toBe(404);
    });
  });

  describe('DELETE /api/v1/users/me/scheduledCampaigns/{scheduledMergeId}', () => {
    it('answers 404 to someone else and leaves the merge as it was', async () => {
      const id = await adamsMerge();
      const response = await request(
        'olivia@acme.test',
        'DELETE',
        apiPath('scheduledCampaigns.cancel', { scheduledMergeId: id }),
      );
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: SCHEDULED_CAMPAIGN_NOT_FOUND_MESSAGE });
      const rows = await t.db
        .select({ status: scheduledCampaigns.status })
        .from(scheduledCampaigns)
        .where(eq(scheduledCampaigns.id, id));
      expect(rows).toEqual([{ status: 'IN PROGRESS' }]);
    });

    it('cancels the own merge: the row is gone and the usage event logged', async () => {
      const id = await adamsMerge();
      const response = await request(
        'adam@acme.test',
        'DELETE',
        apiPath('scheduledCampaigns.cancel', { scheduledMergeId: id }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
      expect(
        await t.db
          .select({ id: scheduledCampaigns.id })
          .from(scheduledCampaigns)
          .where(eq(scheduledCampaigns.id, id)),
      ).toEqual([]);
      const events = await t.db
        .select({ payload: usageEvents.payload })
        .from(usageEvents)
        .where(
          and(
            eq(usageEvents.userId, user('adam@acme.test')),
            eq(usageEvents.eventType, CANCELLED_SCHEDULED_MERGE_EVENT),
          ),
        );
      expect(events).toEqual([
        { payload: { workspaceId: space('Acme Sales'), scheduledMergeId: id, status: 'IN PROGRESS' } },
      ]);
      const again = await request(
        'adam@acme.test',
        'DELETE',
        apiPath('scheduledCampaigns.cancel', { scheduledMergeId: id }),
      );
      expect(again.statusCode).toBe(404);
    });
  });
});
