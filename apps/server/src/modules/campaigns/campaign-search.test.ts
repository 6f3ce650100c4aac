import type { SortDirection } from '@mergedesk/domain/api/list-query';
import type { SentCampaignList } from '@mergedesk/domain/api/campaigns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '../../db/schema';
import type { DemoSeedResult } from '../../seed/seed';
import { containsPattern } from '../../lib/list-query';
import { bearer, createTestApp, type TestApp } from '../../test/test-app';
import { hasTrigram, listCampaigns, type CampaignListQuery } from './campaigns.repo';
import { apiPath } from '../../test/api-path';

const HOUR_MS = 60 * 60 * 1000;
const BASE = Date.UTC(2026, 10, 1, 12);
const pad = (value: number) => String(value).padStart(2, '0');

type Seeded = {
  id: string;
  subject: string | null;
  spreadsheetName: string;
  sheetName: string;
  lastUpdateAt: Date;
};

/**
 * The sent-merges search (issue 11): a pattern with a trigram reads the matching merges once
 * through two disjoint arms (subject; sheet names without the subject) and takes its total and page
 * from them, or falls back to the early-stopping page when the arms reach the cap. Whatever the
 * path, the rows and totals are the plain search's (the OR of both), and no other space's merge
 * ever appears.
 */
describe('sent merges search (issue 11)', () => {
  let t: TestApp;
  let demo: DemoSeedResult;
  let token: string;
  const seeded: Seeded[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    demo = await t.seedDemo();
    token = await t.signIn('olivia@acme.test');
    const acme = demo.spaces['Acme Sales']!;
    const olivia = demo.users['olivia@acme.test']!;
    const merge = (
      index: number,
      values: Partial<typeof campaigns.$inferInsert>,
    ): typeof campaigns.$inferInsert => ({
      workspaceId: acme,
      userId: olivia,
      mergeSourceSheetKey: `zephyr-${index}`,
      // Two merges share each last update: the id breaks the tie.
      lastUpdateAt: new Date(BASE - Math.floor(index / 2) * HOUR_MS),
      createdAt: new Date(BASE - (60 - index) * 24 * HOUR_MS),
      ...values,
    });
    const rows = [
      ...Array.from({ length: 30 }, (_, index) =>
        merge(index, {
          subject: `Zephyr report ${pad(index + 1)}`,
          spreadsheetName: `Plan ${index % 4}`,
          sheetName: `Sheet ${index % 3}`,
        }),
      ),
      // Found by the sheet names only (no subject: the sheet arm takes them).
      ...Array.from({ length: 5 }, (_, index) =>
        merge(30 + index, { subject: null, spreadsheetName: 'Zephyr leads', sheetName: `Tab ${index}` }),
      ),
      // Found by both: once each.
      ...Array.from({ length: 5 }, (_, index) =>
        merge(35 + index, {
          subject: `Zephyr both ${index}`,
          spreadsheetName: 'Zephyr book',
          sheetName: `Tab ${index}`,
        }),
      ),
    ];
    const inserted = await t.db.insert(campaigns).values(rows).returning({
      id: campaigns.id,
      subject: campaigns.subject,
      spreadsheetName: campaigns.spreadsheetName,
      sheetName: campaigns.sheetName,
      lastUpdateAt: campaigns.lastUpdateAt,
    });
    seeded.push(...inserted);
    await t.db.insert(campaigns).values([
      merge(40, { subject: 'Zephyr form', isFormNotification: true }),
      ...Array.from({ length: 5 }, (_, index) =>
        merge(41 + index, {
          workspaceId: demo.spaces["Gina's space"]!,
          userId: demo.users['gina@gmail.com']!,
          subject: `Zephyr report ${pad(index + 1)}`,
          spreadsheetName: 'Zephyr leads',
        }),
      ),
    ]);
    await t.pool.query('analyze campaigns');
  });
  afterAll(async () => {
    await t.close();
  });

  /** What the search finds, newest update first, the id breaking ties (the default order). */
  const expected = (term: string) => {
    const needle = term.toLowerCase();
    return seeded
      .filter(
        (row) =>
          (row.subject ?? '').toLowerCase().includes(needle) ||
          `${row.spreadsheetName} ${row.sheetName}`.toLowerCase().includes(needle),
      )
      .sort(
        (a, b) =>
          b.lastUpdateAt.getTime() - a.lastUpdateAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      )
      .map((row) => row.id);
  };

  const TERMS = [
    'Zephyr report 17', // narrow: one merge
    'report 1', // medium: ten
    'ZEPHYR', // broad: every one of them, any case
    'zephyr leads', // the sheet names only
    'zephyr b', // subject and sheet names both
    'ep', // no trigram: the plain search
    'no such merge',
  ];

  it.each(TERMS)('%j: the right merges, page by page, each once, none of another space', async (term) => {
    const ids: string[] = [];
    let total = -1;
    for (let offset = 0; offset < 60; offset += 7) {
      const response = await t.app.inject({
        method: 'GET',
        url: apiPath(
          'campaigns.list',
          {},
          {
            filterBy: `workspaceId:${demo.spaces['Acme Sales']!},search:${term}`,
            limit: 7,
            limitOffset: offset,
          },
        ),
        headers: bearer(token),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<SentCampaignList>();
      if (offset === 0 || body.items.length > 0) total = body.total;
      ids.push(...body.items.map((item) => item.campaignId));
    }
    const found = expected(term);
    // 'ep' (no trigram) also finds demo merges ("Prep…", "Keep…"): ours among them, in order.
    const ours = term === 'ep' ? ids.filter((id) => found.includes(id)) : ids;
    expect(ours).toEqual(found);
    expect(total).toBe(term === 'ep' ? ids.length : found.length);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the trigram path is taken for patterns with three letters or digits in a row', () => {
    expect(TERMS.map((term) => hasTrigram(containsPattern(term)))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      true,
    ]);
    expect(hasTrigram(containsPattern('a b c'))).toBe(false);
    expect(hasTrigram(containsPattern('%_\\'))).toBe(false);
  });

  const directions: SortDirection[] = ['asc', 'desc'];
  const sorts = (['lastUpdateTimestamp', 'createTimestamp', 'sheetName'] as const).flatMap((key) =>
    directions.map((direction) => ({ key, direction })),
  );
  const query = (
    term: string,
    sort: CampaignListQuery['sort'][number],
    offset: number,
    limit = 6,
  ): CampaignListQuery => ({
    filters: { workspaceId: demo.spaces['Acme Sales']!, search: [containsPattern(term)] },
    sort: [sort],
    limit,
    offset,
  });

  it.each(sorts)('sorted by $key $direction: the same pages and totals as the plain search', async (sort) => {
    for (const term of TERMS) {
      for (const offset of [0, 6, 12, 36, 60]) {
        const plain = await listCampaigns(t.db, query(term, sort, offset), { trigramSearch: false });
        const indexed = await listCampaigns(t.db, query(term, sort, offset));
        expect({ term, offset, ...indexed }).toEqual({ term, offset, ...plain });
      }
    }
  });

  it('falls back to the early-stopping page when the arms reach the cap, with the capped total', async () => {
    for (const sort of sorts) {
      for (const term of ['ZEPHYR', 'report 1', 'zephyr leads', 'zephyr b']) {
        for (const offset of [0, 4, 8]) {
          const cap = 6;
          const plain = await listCampaigns(t.db, query(term, sort, offset, 4), {
            cap,
            trigramSearch: false,
          });
          const indexed = await listCampaigns(t.db, query(term, sort, offset, 4), { cap });
          expect({ term, offset, ...indexed }).toEqual({ term, offset, ...plain });
          expect(indexed.total).toBe(Math.min(cap, expected(term).length));
        }
      }
    }
  });

  it('keeps every other search term and the date bounds on both paths', async () => {
    const twoTerms: CampaignListQuery = {
      filters: {
        workspaceId: demo.spaces['Acme Sales']!,
        search: [containsPattern('zephyr'), containsPattern('sheet 1')],
        from: new Date(BASE - 12 * HOUR_MS),
        to: new Date(BASE - 2 * HOUR_MS),
      },
      sort: [],
      limit: 50,
      offset: 0,
    };
    const indexed = await listCampaigns(t.db, twoTerms);
    expect(indexed).toEqual(await listCampaigns(t.db, twoTerms, { trigramSearch: false }));
    expect(indexed.rows.map((row) => row.subject)).toEqual(
      seeded
        .filter(
          (row) =>
            row.sheetName === 'Sheet 1' &&
            row.lastUpdateAt.getTime() >= BASE - 12 * HOUR_MS &&
            row.lastUpdateAt.getTime() <= BASE - 2 * HOUR_MS,
        )
        .sort((a, b) => b.lastUpdateAt.getTime() - a.lastUpdateAt.getTime() || (a.id < b.id ? 1 : -1))
        .map((row) => row.subject),
    );
    expect(indexed.total).toBeGreaterThan(0);
  });
});
