import {
  CAMPAIGN_DATE_FILTER_MESSAGE,
  CAMPAIGN_NOT_FOUND_MESSAGE,
  CAMPAIGN_WORKSPACE_REQUIRED_MESSAGE,
  type SentCampaign,
  type SentCampaignList,
} from '@mergedesk/domain/api/campaigns';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema';
import { ACME_SALES_SENT_MERGES, SURVEY_POLL, SURVEY_SUBJECT } from '../../seed/seed-campaigns';
import { bearer } from '../../test/test-app';
import { useSeededTestApp } from '../../test/seeded-app';
import { SPACE_NOT_FOUND_MESSAGE } from '../../lib/access';
import { apiPath } from '../../test/api-path';

describe('campaigns API', () => {
  const now = new Date();
  const t = useSeededTestApp({ now });
  const tokens = new Map<string, string>();

  const space = t.space;
  const token = async (email: string) => {
    const existing = tokens.get(email);
    if (existing) return existing;
    const created = await t.signIn(email);
    tokens.set(email, created);
    return created;
  };
  const get = async (email: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(await token(email)), ...headers } });
  const list = async (email: string, query: string) => get(email, apiPath('campaigns.list', {}, query));
  const acme = () => `filterBy=workspaceId:${space('Acme Sales')}`;
  const survey = async () => {
    const body = (await list('olivia@acme.test', `${acme()},search:survey`)).json<SentCampaignList>();
    const found = body.items.find((item) => item.sentMessageSubject === SURVEY_SUBJECT);
    if (!found) throw new Error('no survey');
    return found;
  };

  describe('GET /api/v1/users/me/campaigns', () => {
    it("lists the space's merges of every sender, newest update first, without form notifications", async () => {
      const response = await list('olivia@acme.test', `${acme()}&limit=200`);
      expect(response.statusCode).toBe(200);
      const body = response.json<SentCampaignList>();
      expect(body.total).toBe(ACME_SALES_SENT_MERGES);
      expect(body.items).toHaveLength(ACME_SALES_SENT_MERGES);
      const updates = body.items.map((item) => item.lastUpdateTimestamp);
      expect(updates).toEqual([...updates].sort((a, b) => b - a));
      expect(new Set(body.items.map((item) => item.senderEmail))).toEqual(
        new Set(['olivia@acme.test', 'adam@acme.test', 'mia@acme.test']),
      );
      // Issue 9: the Sender column names each merge's sender.
      expect(new Set(body.items.map((item) => `${item.senderName} <${item.senderEmail}>`))).toEqual(
        new Set([
          'Olivia Owens <olivia@acme.test>',
          'Adam Admin <adam@acme.test>',
          'Mia Member <mia@acme.test>',
        ]),
      );
      expect(body.items.some((item) => item.spreadsheetName === 'Contact form (Responses)')).toBe(false);
      expect(body.items.filter((item) => item.sentMessageSubject === null)).toHaveLength(1);
      for (const item of body.items) {
        expect(item.eventCounts.sentCount).toBeGreaterThanOrEqual(20);
        expect(item.eventCounts.sentCount).toBeLessThanOrEqual(1500);
      }
    });

    it('gives every member of the space the same list, with the X-ID-Token header or without it', async () => {
      const response = await get('fred@acme.test', apiPath('campaigns.list', {}, `${acme()}&limit=5`), {
        'x-id-token': 'Bearer some-id-token',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<SentCampaignList>().total).toBe(ACME_SALES_SENT_MERGES);
    });

    it('pages in SQL with limit and limitOffset', async () => {
      const all = (await list('olivia@acme.test', `${acme()}&limit=20`)).json<SentCampaignList>();
      const page = (
        await list('olivia@acme.test', `${acme()}&limit=5&limitOffset=10`)
      ).json<SentCampaignList>();
      expect(page.total).toBe(ACME_SALES_SENT_MERGES);
      expect(page.items.map((item) => item.campaignId)).toEqual(
        all.items.slice(10, 15).map((item) => item.campaignId),
      );
      // The total comes with the page's rows; a page past the end has none and counts apart.
      const pastTheEnd = await list(
        'olivia@acme.test',
        `${acme()}&limit=5&limitOffset=${ACME_SALES_SENT_MERGES}`,
      );
      expect(pastTheEnd.json()).toEqual({ items: [], total: ACME_SALES_SENT_MERGES });
    });

    it('sorts by Sheet Name as shown: spreadsheet name, then sheet name, both ways', async () => {
      const byShown = (a: SentCampaign, b: SentCampaign) => {
        const [x, y] = [a, b].map((item) => [
          item.spreadsheetName.toLowerCase(),
          item.sheetName.toLowerCase(),
        ]);
        if (x![0]! !== y![0]!) return x![0]! < y![0]! ? -1 : 1;
        return x![1]! < y![1]! ? -1 : x![1]! > y![1]! ? 1 : 0;
      };
      const shown = (item: SentCampaign) => `${item.spreadsheetName} - ${item.sheetName}`;
      for (const direction of ['asc', 'desc'] as const) {
        const body = (
          await list('olivia@acme.test', `${acme()}&sortBy=sheetName:${direction}&limit=200`)
        ).json<SentCampaignList>();
        const expected = [...body.items].sort((a, b) =>
          direction === 'asc' ? byShown(a, b) : byShown(b, a),
        );
        expect(body.items.map(shown)).toEqual(expected.map(shown));
        // several spreadsheets, each with several sheets: the order is not the sheet's alone
        expect(new Set(body.items.map((item) => item.spreadsheetName)).size).toBeGreaterThan(1);
      }
    });

    it('searches subject, spreadsheet and sheet names, case-insensitively', async () => {
      const bySubject = (
        await list('olivia@acme.test', `${acme()},search:CUSTOMER SURVEY`)
      ).json<SentCampaignList>();
      expect(bySubject.items.map((item) => item.sentMessageSubject)).toContain(SURVEY_SUBJECT);
      const bySheet = (
        await list('olivia@acme.test', `${acme()},search:q3 customers`)
      ).json<SentCampaignList>();
      expect(bySheet.total).toBe(1);
      const none = (await list('olivia@acme.test', `${acme()},search:100%_sure`)).json<SentCampaignList>();
      expect(none).toEqual({ items: [], total: 0 });
    });

    it('filters on the last update between from and to (epoch ms, inclusive)', async () => {
      const from = now.getTime() - 30 * 24 * 60 * 60 * 1000;
      const body = (
        await list('olivia@acme.test', `${acme()},from:${from},to:${now.getTime()}&limit=200`)
      ).json<SentCampaignList>();
      expect(body.total).toBeGreaterThanOrEqual(3);
      expect(body.total).toBeLessThan(ACME_SALES_SENT_MERGES);
      for (const item of body.items) {
        expect(item.lastUpdateTimestamp).toBeGreaterThanOrEqual(from);
        expect(item.lastUpdateTimestamp).toBeLessThanOrEqual(now.getTime());
      }
    });

    it('lists every merge with no date bounds (All time), the ones older than 12 months too', async () => {
      const yearAgo = new Date(now);
      yearAgo.setUTCFullYear(now.getUTCFullYear() - 1);
      const lastYear = (
        await list('olivia@acme.test', `${acme()},from:${yearAgo.getTime()},to:${now.getTime()}&limit=200`)
      ).json<SentCampaignList>();
      const allTime = (await list('olivia@acme.test', `${acme()}&limit=200`)).json<SentCampaignList>();
      const older = allTime.items.filter((item) => item.lastUpdateTimestamp < yearAgo.getTime());
      expect(allTime.total).toBe(ACME_SALES_SENT_MERGES);
      expect(older.length).toBeGreaterThanOrEqual(30);
      expect(lastYear.total).toBe(ACME_SALES_SENT_MERGES - older.length);
    });

    it('takes a search up to 254 characters and answers 400 with the reason beyond (issue 9)', async () => {
      const longest = await list('olivia@acme.test', `${acme()},search:${'x'.repeat(254)}`);
      expect(longest.statusCode).toBe(200);
      expect(longest.json()).toEqual({ items: [], total: 0 });
      const tooLong = await list('olivia@acme.test', `${acme()},search:${'x'.repeat(255)}`);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Search must be at most 254 characters.',
      });
    });

    it('answers 400 without a workspaceId filter', async () => {
      const response = await list('olivia@acme.test', 'filterBy=search:x');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: CAMPAIGN_WORKSPACE_REQUIRED_MESSAGE,
      });
    });

    it('answers 400 for unknown keys and bad dates', async () => {
      const filter = await list('olivia@acme.test', `${acme()},userId:x`);
      expect(filter.statusCode).toBe(400);
      expect(filter.json()).toMatchObject({ message: "Unknown filter key 'userId'." });
      const sort = await list('olivia@acme.test', `${acme()}&sortBy=sentCount:desc`);
      expect(sort.statusCode).toBe(400);
      expect(sort.json()).toMatchObject({ message: "Unknown sort key 'sentCount'." });
      const date = await list('olivia@acme.test', `${acme()},from:yesterday`);
      expect(date.statusCode).toBe(400);
      expect(date.json()).toMatchObject({ message: CAMPAIGN_DATE_FILTER_MESSAGE });
      const twice = await list('olivia@acme.test', `${acme()},workspaceId:${space('Acme Premium')}`);
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({ message: "Filter 'workspaceId' may be given once." });
    });

    it("answers 404 for another space's list and 403 for a disabled member", async () => {
      const other = await list('olivia@acme.test', `filterBy=workspaceId:${space('Legacy Team')}`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ code: 'NOT_FOUND', message: SPACE_NOT_FOUND_MESSAGE });
      const disabled = await list('dora@acme.test', acme());
      expect(disabled.statusCode).toBe(403);
    });

    it('answers 401 without a token', async () => {
      const response = await t.app.inject({ method: 'GET', url: apiPath('campaigns.list', {}, acme()) });
      expect(response.statusCode).toBe(401);
    });

    it("lists Gina's and Legacy Team's merges", async () => {
      const gina = await list('gina@gmail.com', `filterBy=workspaceId:${space("Gina's space")}`);
      expect(gina.json<SentCampaignList>().total).toBe(2);
      const legacy = await list('leo@legacy.test', `filterBy=workspaceId:${space('Legacy Team')}`);
      expect(legacy.json<SentCampaignList>().total).toBe(30);
    });
  });

  describe('GET /api/v1/users/me/campaigns/{id}', () => {
    it('answers one merge of a space the caller is in', async () => {
      const expected = await survey();
      const response = await get('mia@acme.test', apiPath('campaigns.get', { id: expected.campaignId }));
      expect(response.statusCode).toBe(200);
      expect(response.json<SentCampaign>()).toEqual(expected);
    });

    it("answers 404 for another space's merge, an unknown id and a form notification", async () => {
      const { campaignId } = await survey();
      const other = await get('leo@legacy.test', apiPath('campaigns.get', { id: campaignId }));
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ code: 'NOT_FOUND', message: CAMPAIGN_NOT_FOUND_MESSAGE });
      const malformed = await get('olivia@acme.test', apiPath('campaigns.get', { id: 'not-an-id' }));
      expect(malformed.statusCode).toBe(404);
      expect(malformed.json()).toMatchObject({ message: CAMPAIGN_NOT_FOUND_MESSAGE });
      const [form] = await t.db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(and(eq(campaigns.workspaceId, space('Acme Sales')), eq(campaigns.isFormNotification, true)));
      const notification = await get('olivia@acme.test', apiPath('campaigns.get', { id: form!.id }));
      expect(notification.statusCode).toBe(404);
    });
  });

  describe('poll results and responses', () => {
    it('answers the poll results, most frequent first, adding up to the responses', async () => {
      const { campaignId, eventCounts } = await survey();
      const response = await get('olivia@acme.test', apiPath('campaigns.pollResults', { id: campaignId }));
      expect(response.statusCode).toBe(200);
      const { items } = response.json<{ items: Array<{ info: string; count: number }> }>();
      expect(items.map((item) => item.info)).toEqual(SURVEY_POLL.map((poll) => poll.info));
      expect(items.reduce((sum, item) => sum + item.count, 0)).toBe(eventCounts.respondedCount);
    });

    it('answers the poll responses, newest first', async () => {
      const { campaignId } = await survey();
      const response = await get('adam@acme.test', apiPath('campaigns.pollResponses', { id: campaignId }));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        items: ['Satisfied', 'Neutral', 'Very satisfied', 'Satisfied', 'Very satisfied'].map((value) => ({
          value,
        })),
      });
    });

    it('answers an empty list for a merge without a poll', async () => {
      const body = (await list('olivia@acme.test', `${acme()}&limit=1`)).json<SentCampaignList>();
      const response = await get(
        'olivia@acme.test',
        apiPath('campaigns.pollResults', { id: body.items[0]!.campaignId }),
      );
      expect(response.json()).toEqual({ items: [] });
    });

    it("answers 404 for another space's poll", async () => {
      const { campaignId } = await survey();
      for (const name of ['campaigns.pollResults', 'campaigns.pollResponses'] as const) {
        const response = await get('gina@gmail.com', apiPath(name, { id: campaignId }));
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ message: CAMPAIGN_NOT_FOUND_MESSAGE });
      }
    });
  });

  describe('GET /api/v1/users/me/workspaces/{id}/campaigns/count', () => {
    const count = async (email: string, spaceName: string, query = '') =>
      get(email, apiPath('campaigns.count', { id: space(spaceName) }, query));

    it("counts the caller's scheduled merges with isScheduled=true, else the space's sent merges", async () => {
      expect((await count('olivia@acme.test', 'Acme Sales', '?isScheduled=true')).json()).toEqual({
        campaignCount: 10,
      });
      expect((await count('adam@acme.test', 'Acme Sales', '?isScheduled=true')).json()).toEqual({
        campaignCount: 1,
      });
      expect((await count('mia@acme.test', 'Acme Sales', '?isScheduled=true')).json()).toEqual({
        campaignCount: 0,
      });
      expect((await count('mia@acme.test', 'Acme Sales')).json()).toEqual({
        campaignCount: ACME_SALES_SENT_MERGES,
      });
    });

    it('answers 404 for another space and 400 for a bad flag', async () => {
      const other = await count('gina@gmail.com', 'Acme Sales', '?isScheduled=true');
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ message: SPACE_NOT_FOUND_MESSAGE });
      expect((await count('olivia@acme.test', 'Acme Sales', '?isScheduled=yes')).statusCode).toBe(400);
    });
  });
});
