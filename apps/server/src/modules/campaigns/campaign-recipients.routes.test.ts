import {
  RECIPIENT_CSV_HEADER,
  RECIPIENT_LIMIT_MESSAGE,
  RECIPIENT_SEARCH_TOO_LONG_MESSAGE,
  RECIPIENT_STATUS_FILTER_MESSAGE,
  recipientCsvRow,
  type CampaignLinkStats,
  type CampaignRecipient,
  type CampaignRecipientList,
} from '@mergedesk/domain/api/campaign-recipients';
import { CAMPAIGN_NOT_FOUND_MESSAGE } from '@mergedesk/domain/api/campaigns';
import { csvCell } from '@mergedesk/domain/exports/csv-values';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignEvents, campaignLinks, campaignRecipients, campaigns, pollResponses } from '../../db/schema';
import type { DemoSeedResult } from '../../seed/seed';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { apiPath } from '../../test/api-path';

const HOUR_MS = 60 * 60 * 1000;
const SENT_AT = Date.UTC(2026, 5, 26, 14, 0);
const at = (hours: number) => new Date(SENT_AT + hours * HOUR_MS);
const OFFER = 'https://acme.test/offer';
const PRICING = 'https://acme.test/pricing';
const NEVER = 'https://acme.test/never-clicked';
/** Recipients with nothing but the sending: more than one export chunk (1000) in all. */
const FILLERS = 1100;
const NAMED = 7;
/** A filler whose opens and clicks the aggregation job has not folded in yet. */
const PENDING = 'z0005@example.com';

describe('campaign recipients API (issue 9 "Who opened, who clicked")', () => {
  let t: TestApp;
  let demo: DemoSeedResult;
  let mergeId: string;
  let otherSpaceMergeId: string;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.seedDemo();
    const acme = demo.spaces['Acme Sales']!;
    const [merge, other] = await t.db
      .insert(campaigns)
      .values([
        {
          workspaceId: acme,
          userId: demo.users['olivia@acme.test']!,
          subject: 'Recipients view',
          mergeSourceSheetKey: 's-1',
          sentCount: NAMED + FILLERS,
        },
        {
          workspaceId: demo.spaces["Gina's space"]!,
          userId: demo.users['gina@gmail.com']!,
          subject: 'Gina',
          mergeSourceSheetKey: 's-2',
          sentCount: 1,
        },
      ])
      .returning({ id: campaigns.id });
    mergeId = merge!.id;
    otherSpaceMergeId = other!.id;
    await t.db
      .insert(campaignLinks)
      .values([OFFER, PRICING, NEVER].map((url, linkIndex) => ({ campaignId: mergeId, linkIndex, url })));
    const recipient = (email: string, values: Partial<typeof campaignRecipients.$inferInsert> = {}) => ({
      campaignId: mergeId,
      email,
      trackingToken: `token-${email}`,
      sentAt: at(0),
      ...values,
    });
    const rows = await t.db
      .insert(campaignRecipients)
      .values([
        recipient('a.sent@example.com'),
        recipient('b.open@example.com', { firstOpenedAt: at(1) }),
        recipient('c.click@example.com', { firstOpenedAt: at(1), firstClickedAt: at(2) }),
        recipient('d.reply@example.com', { firstOpenedAt: at(1), respondedAt: at(6) }),
        recipient('e.form@example.com', { firstOpenedAt: at(2), respondedAt: at(7) }),
        recipient('f.unsub@example.com', {
          firstOpenedAt: at(3),
          firstClickedAt: at(3),
          unsubscribedAt: at(8),
        }),
        recipient('g.bounce@example.com', { bouncedAt: at(0) }),
        ...Array.from({ length: FILLERS }, (_, index) =>
          recipient(`z${String(index).padStart(4, '0')}@example.com`),
        ),
        recipient('other.space@example.com', { campaignId: otherSpaceMergeId, firstOpenedAt: at(1) }),
      ])
      .returning({ id: campaignRecipients.id, email: campaignRecipients.email });
    const id = (email: string) => rows.find((row) => row.email === email)!.id;
    const event = (email: string, type: 'opened' | 'clicked', hours: number, url: string | null = null) => ({
      campaignId: mergeId,
      recipientId: id(email),
      type,
      url,
      occurredAt: at(hours),
      aggregated: true,
    });
    await t.db.insert(campaignEvents).values([
      event('b.open@example.com', 'opened', 1),
      event('b.open@example.com', 'opened', 3),
      event('c.click@example.com', 'opened', 1),
      event('c.click@example.com', 'clicked', 2, OFFER),
      event('c.click@example.com', 'clicked', 4, PRICING),
      event('c.click@example.com', 'clicked', 5, OFFER),
      event('d.reply@example.com', 'opened', 1),
      event('e.form@example.com', 'opened', 2),
      event('f.unsub@example.com', 'clicked', 3, OFFER),
      { ...event('other.space@example.com', 'clicked', 1, OFFER), campaignId: otherSpaceMergeId },
      // Not folded in by the aggregation job yet (the row has no first open or click): the list
      // and the export show them all the same. Two links with a click each: the list's order
      // (localeCompare), not the database's collation, decides.
      { ...event(PENDING, 'opened', 2), aggregated: false },
      { ...event(PENDING, 'clicked', 3, `${OFFER}/b`), aggregated: false },
      { ...event(PENDING, 'clicked', 4, `${OFFER}/B`), aggregated: false },
      { ...event(PENDING, 'clicked', 5, null), aggregated: false },
    ]);
    await t.db.insert(pollResponses).values({
      campaignId: mergeId,
      recipientId: id('e.form@example.com'),
      value: 'Very satisfied',
      createdAt: at(7),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const token = async (email: string) => {
    const existing = tokens.get(email);
    if (existing) return existing;
    const created = await t.signIn(email);
    tokens.set(email, created);
    return created;
  };
  const get = async (email: string, url: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: bearer(await token(email)),
    });
  const list = async (query: string, email = 'olivia@acme.test') =>
    get(email, apiPath('campaigns.recipients', { id: mergeId }, query));
  const emails = async (query: string) =>
    (await list(query)).json<CampaignRecipientList>().items.map((item) => item.email);

  describe('GET …/campaigns/{id}/recipients', () => {
    it('pages the recipients in SQL, A to Z by address, with the total', async () => {
      const first = await list('');
      expect(first.statusCode).toBe(200);
      const body = first.json<CampaignRecipientList>();
      expect(body.total).toBe(NAMED + FILLERS);
      expect(body.items).toHaveLength(25);
      expect(body.items.slice(0, 8).map((item) => item.email)).toEqual([
        'a.sent@example.com',
        'b.open@example.com',
        'c.click@example.com',
        'd.reply@example.com',
        'e.form@example.com',
        'f.unsub@example.com',
        'g.bounce@example.com',
        'z0000@example.com',
      ]);
      const last = (await list(`limit=10&limitOffset=${NAMED + FILLERS - 3}`)).json<CampaignRecipientList>();
      expect(last.items.map((item) => item.email)).toEqual([
        'z1097@example.com',
        'z1098@example.com',
        'z1099@example.com',
      ]);
      expect(await emails('sortBy=email:desc&limit=2')).toEqual(['z1099@example.com', 'z1098@example.com']);
    });

    it('answers each row with its status, every flag, first and last times and the links clicked', async () => {
      const body = (await list('filterBy=search:click')).json<CampaignRecipientList>();
      expect(body.items).toEqual([
        {
          recipientId: expect.any(String) as string,
          email: 'c.click@example.com',
          status: 'clicked',
          // A merge the add-on sent itself: no delivery by the sending engine (issue 24).
          delivery: null,
          flags: {
            sent: true,
            opened: true,
            clicked: true,
            replied: false,
            responded: false,
            unsubscribed: false,
            bounced: false,
          },
          sentTimestamp: at(0).getTime(),
          firstOpenedTimestamp: at(1).getTime(),
          lastOpenedTimestamp: at(5).getTime(),
          firstClickedTimestamp: at(2).getTime(),
          lastClickedTimestamp: at(5).getTime(),
          repliedTimestamp: null,
          respondedTimestamp: null,
          unsubscribedTimestamp: null,
          bouncedTimestamp: null,
          clickCount: 3,
          clickedLinks: [
            { url: OFFER, clicks: 2 },
            { url: PRICING, clicks: 1 },
          ],
        },
      ]);
      const unsubscribed = (await list('filterBy=search:unsub')).json<CampaignRecipientList>().items[0]!;
      expect(unsubscribed.status).toBe('unsubscribed');
      expect(unsubscribed.flags).toMatchObject({ opened: true, clicked: true, unsubscribed: true });
      expect(unsubscribed.clickedLinks).toEqual([{ url: OFFER, clicks: 1 }]);
      const byStatus = Object.fromEntries(
        (await list('limit=7')).json<CampaignRecipientList>().items.map((item) => [item.email, item.status]),
      );
      expect(byStatus).toEqual({
        'a.sent@example.com': 'sent',
        'b.open@example.com': 'opened',
        'c.click@example.com': 'clicked',
        'd.reply@example.com': 'replied',
        'e.form@example.com': 'responded',
        'f.unsub@example.com': 'unsubscribed',
        'g.bounce@example.com': 'bounced',
      });
    });

    it('filters by status flag in SQL, with the total of the filter', async () => {
      const cases: Array<[string, string[]]> = [
        ['clicked', ['c.click@example.com', 'f.unsub@example.com']],
        [
          'opened',
          [
            'b.open@example.com',
            'c.click@example.com',
            'd.reply@example.com',
            'e.form@example.com',
            'f.unsub@example.com',
          ],
        ],
        ['replied', ['d.reply@example.com']],
        ['responded', ['e.form@example.com']],
        ['unsubscribed', ['f.unsub@example.com']],
        ['bounced', ['g.bounce@example.com']],
      ];
      for (const [status, expected] of cases) {
        const body = (await list(`filterBy=status:${status}`)).json<CampaignRecipientList>();
        expect({ status, emails: body.items.map((item) => item.email), total: body.total }).toEqual({
          status,
          emails: expected,
          total: expected.length,
        });
      }
      expect((await list('filterBy=status:sent')).json<CampaignRecipientList>().total).toBe(NAMED + FILLERS);
      expect((await list('filterBy=status:all')).json<CampaignRecipientList>().total).toBe(NAMED + FILLERS);
      expect(await emails('filterBy=status:clicked,search:UNSUB')).toEqual(['f.unsub@example.com']);
      expect((await list('filterBy=search:100%_sure')).json()).toEqual({ items: [], total: 0 });
    });

    it('sorts by the first open, those who never opened last', async () => {
      const body = (await list('sortBy=firstOpenedTimestamp:asc&limit=6')).json<CampaignRecipientList>();
      expect(body.items.map((item) => item.email)).toEqual([
        'b.open@example.com',
        'c.click@example.com',
        'd.reply@example.com',
        'e.form@example.com',
        'f.unsub@example.com',
        'a.sent@example.com',
      ]);
      expect(await emails('sortBy=firstClickedTimestamp:desc&limit=2')).toEqual([
        'f.unsub@example.com',
        'c.click@example.com',
      ]);
    });

    it('answers 400 with the message for a bad filter, sort or limit', async () => {
      const cases: Array<[string, string]> = [
        ['filterBy=status:junk', RECIPIENT_STATUS_FILTER_MESSAGE],
        [`filterBy=search:${'x'.repeat(255)}`, RECIPIENT_SEARCH_TOO_LONG_MESSAGE],
        ['limit=101', RECIPIENT_LIMIT_MESSAGE],
        ['filterBy=workspaceId:x', "Unknown filter key 'workspaceId'."],
        ['sortBy=subject:asc', "Unknown sort key 'subject'."],
      ];
      for (const [query, message] of cases) {
        const response = await list(query);
        expect({
          query,
          status: response.statusCode,
          body: response.json<{ message: string; code: string }>(),
        }).toMatchObject({
          query,
          status: 400,
          body: { code: 'VALIDATION_FAILED', message },
        });
      }
    });
  });

  describe('GET …/campaigns/{id}/links', () => {
    it('counts every click and the recipients who clicked, per link, with the links never clicked', async () => {
      const response = await get('olivia@acme.test', apiPath('campaigns.links', { id: mergeId }));
      expect(response.statusCode).toBe(200);
      const { items } = response.json<CampaignLinkStats>();
      expect(items[0]).toEqual({ url: OFFER, clicks: 3, uniqueClickers: 2 });
      // Ties in the database's collation, whose order of '…/b' and '…/B' is the locale's.
      expect(items.slice(1, 4).sort((a, b) => (a.url < b.url ? -1 : 1))).toEqual([
        { url: `${OFFER}/B`, clicks: 1, uniqueClickers: 1 },
        { url: `${OFFER}/b`, clicks: 1, uniqueClickers: 1 },
        { url: PRICING, clicks: 1, uniqueClickers: 1 },
      ]);
      expect(items.slice(4)).toEqual([{ url: NEVER, clicks: 0, uniqueClickers: 0 }]);
    });
  });

  describe('GET …/campaigns/{id}/recipients/export', () => {
    const exportCsv = async (query = '') => {
      const response = await get(
        'olivia@acme.test',
        apiPath('campaigns.recipientsExport', { id: mergeId }, query),
      );
      const parsed = Papa.parse<Record<string, string>>(response.body, {
        header: true,
        skipEmptyLines: true,
      });
      return { response, parsed };
    };

    it('streams every recipient as CSV in address order, across export chunks', async () => {
      const { response, parsed } = await exportCsv();
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="Exported_Recipients_\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(parsed.errors).toEqual([]);
      expect(parsed.meta.fields).toEqual([...RECIPIENT_CSV_HEADER]);
      const addresses = parsed.data.map((row) => row.Email);
      expect(addresses).toHaveLength(NAMED + FILLERS);
      expect(new Set(addresses).size).toBe(NAMED + FILLERS);
      expect(addresses).toEqual([...addresses].sort());
    });

    it('applies the filter and writes plain numbers and ISO 8601 UTC dates', async () => {
      const { parsed } = await exportCsv('?filterBy=status:clicked');
      expect(parsed.data).toHaveLength(2);
      expect(parsed.data[0]).toEqual({
        Email: 'c.click@example.com',
        Status: 'clicked',
        Sent: 'true',
        Opened: 'true',
        Clicked: 'true',
        Replied: 'false',
        Responded: 'false',
        Unsubscribed: 'false',
        Bounced: 'false',
        'Sent at': '2026-06-26T14:00:00.000Z',
        'First opened at': '2026-06-26T15:00:00.000Z',
        'Last opened at': '2026-06-26T19:00:00.000Z',
        'First clicked at': '2026-06-26T16:00:00.000Z',
        'Last clicked at': '2026-06-26T19:00:00.000Z',
        Clicks: '3',
        'Clicked links': `${OFFER} ${PRICING}`,
        'Replied at': '',
        'Responded at': '',
        'Unsubscribed at': '',
        'Bounced at': '',
      });
    });

    it('writes for every recipient what the list shows (opens and clicks computed in SQL, issue 11)', async () => {
      const listed: CampaignRecipient[] = [];
      for (let offset = 0; offset < NAMED + FILLERS; offset += 100) {
        listed.push(...(await list(`limit=100&limitOffset=${offset}`)).json<CampaignRecipientList>().items);
      }
      const expected = listed.map((recipient) =>
        Object.fromEntries(
          RECIPIENT_CSV_HEADER.map((name, index) => [
            name,
            String(csvCell(recipientCsvRow(recipient)[index])),
          ]),
        ),
      );
      const { parsed } = await exportCsv();
      expect(parsed.data).toHaveLength(NAMED + FILLERS);
      expect(parsed.data).toEqual(expected);
      expect(parsed.data.find((row) => row.Email === PENDING)).toMatchObject({
        Status: 'clicked',
        'First opened at': '2026-06-26T16:00:00.000Z',
        'Last opened at': '2026-06-26T19:00:00.000Z',
        'First clicked at': '2026-06-26T17:00:00.000Z',
        'Last clicked at': '2026-06-26T19:00:00.000Z',
        Clicks: '3',
        'Clicked links': [`${OFFER}/b`, `${OFFER}/B`].sort((a, b) => a.localeCompare(b)).join(' '),
      });
    });

    it('refuses a bad filter before streaming, with the JSON error', async () => {
      const { response } = await exportCsv('?filterBy=status:junk');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: RECIPIENT_STATUS_FILTER_MESSAGE,
      });
    });
  });

  describe('who may see them: whoever may open the merge', () => {
    const paths = () => [
      apiPath('campaigns.recipients', { id: mergeId }),
      apiPath('campaigns.links', { id: mergeId }),
      apiPath('campaigns.recipientsExport', { id: mergeId }),
    ];

    it('admits every member of the space, whoever sent the merge', async () => {
      for (const email of ['adam@acme.test', 'mia@acme.test', 'fred@acme.test']) {
        for (const path of paths()) {
          expect({ email, path, status: (await get(email, path)).statusCode }).toEqual({
            email,
            path,
            status: 200,
          });
        }
      }
    });

    it('answers 403 to a disabled member and 401 without a session', async () => {
      for (const path of paths()) {
        expect((await get('dora@acme.test', path)).statusCode).toBe(403);
        const anonymous = await t.app.inject({ method: 'GET', url: path });
        expect(anonymous.statusCode).toBe(401);
      }
    });

    it("answers 404 for another space's merge, an unknown id and a junk id", async () => {
      const ids = [otherSpaceMergeId, '00000000-0000-4000-8000-000000000000', 'junk'];
      for (const id of ids) {
        for (const suffix of [
          'campaigns.recipients',
          'campaigns.links',
          'campaigns.recipientsExport',
        ] as const) {
          const response = await get('olivia@acme.test', apiPath(suffix, { id }));
          expect({ id, suffix, status: response.statusCode }).toEqual({ id, suffix, status: 404 });
          expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: CAMPAIGN_NOT_FOUND_MESSAGE });
        }
      }
      // The other space's owner sees only their own merge's recipient.
      const gina = (
        await get('gina@gmail.com', apiPath('campaigns.recipients', { id: otherSpaceMergeId }))
      ).json<CampaignRecipientList>();
      expect(gina.items.map((item) => item.email)).toEqual(['other.space@example.com']);
      expect((await get('gina@gmail.com', apiPath('campaigns.recipients', { id: mergeId }))).statusCode).toBe(
        404,
      );
    });
  });
});
