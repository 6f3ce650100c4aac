import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SortDirection } from '@mergedesk/domain/api/list-query';
import type { SuppressionSortKey } from '@mergedesk/domain/api/suppression-list';
import { bounces, unsubscriptions } from '../db/schema';
import { campaignListQueries } from '../modules/campaigns/campaigns.repo';
import { suppressionListQueries } from '../modules/suppression-lists/suppression-list.repo';
import { createTestApp, type TestApp } from '../test/test-app';

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] };

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/**
 * Issue 11: a page of a list in a big space is read in its order from an index, never by sorting
 * every row of the space. With sorts and sequential scans priced out, PostgreSQL still sorts when
 * no index has the order — the test fails then (as it did with the DESC NULLS LAST indexes, which
 * served no order of the lists).
 */
describe('list pages read their order from an index (issue 11)', () => {
  let t: TestApp;
  const workspaceId = randomUUID();
  const viewerId = randomUUID();

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const planOf = async (query: { sql: string; params: unknown[] }): Promise<PlanNode[]> => {
    const client = await t.pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_sort = off');
      await client.query('set local enable_seqscan = off');
      const result = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `explain (format json) ${query.sql}`,
        query.params,
      );
      await client.query('rollback');
      return nodesOf(result.rows[0]!['QUERY PLAN'][0]!.Plan);
    } finally {
      client.release();
    }
  };

  const directions: SortDirection[] = ['asc', 'desc'];
  const suppressionCases = (['unsubscriptions', 'bounces'] as const).flatMap((list) =>
    (['emailAddress', 'createTimestamp', 'lastUpdateTimestamp'] satisfies SuppressionSortKey[]).flatMap(
      (key) => directions.map((direction) => [list, key, direction] as const),
    ),
  );

  it.each(suppressionCases)('%s sorted by %s %s, page 201', async (list, key, direction) => {
    const { page } = suppressionListQueries(
      t.db,
      list === 'unsubscriptions' ? unsubscriptions : bounces,
      workspaceId,
      viewerId,
      { filters: {}, sort: [{ key, direction }], limit: 25, offset: 5000 },
    );
    const nodes = await planOf(page.toSQL());
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
    expect(nodes.map((node) => node['Index Name'])).toContain(
      `${list}_workspace_${{ emailAddress: 'email', createTimestamp: 'created', lastUpdateTimestamp: 'updated' }[key]}_idx`,
    );
  });

  it.each(directions)('sent merges by last update %s', async (direction) => {
    const { page } = campaignListQueries(t.db, {
      filters: { workspaceId, search: [] },
      sort: [{ key: 'lastUpdateTimestamp', direction }],
      limit: 25,
      offset: 1000,
    });
    const nodes = await planOf(page.toSQL());
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
    expect(nodes.map((node) => node['Index Name'])).toContain('campaigns_workspace_last_update_idx');
  });
});

/**
 * Issue 11: a sent-merges search whose pattern is rare in the space reads the trigram indexes,
 * with nothing priced out — PostgreSQL's own choice on a space of 2,000 merges (the benchmark's
 * shape) among ten others, where the plain OR of both patterns read every merge of the space
 * twice. A pattern without a trigram would make the indexes read every entry: it never uses them.
 */
describe('sent-merges search plans (issue 11)', () => {
  let t: TestApp;
  let workspaceId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into workspaces (name, slug, plan) values ('Plans', 'plans-space', 'PRO') returning id`,
    );
    workspaceId = rows[0]!.id;
    // Other spaces' merges: the table is more than the space, as in production.
    await t.pool.query(
      `with spaces as (
         insert into workspaces (name, slug, plan)
         select 'Other ' || s, 'other-' || s, 'PRO' from generate_series(1, 10) s returning id
       )
       insert into campaigns (workspace_id, subject, merge_source_sheet_key, spreadsheet_name, sheet_name)
       select spaces.id, 'Newsletter ' || g, 'other' || g, 'Contacts ' || g, 'Sheet 1'
       from spaces cross join generate_series(1, 2000) g`,
    );
    await t.pool.query(
      `insert into campaigns (workspace_id, subject, merge_source_sheet_key, spreadsheet_name, sheet_name, last_update_at)
       select $1, 'Subject ' || g, 'sheet' || g, 'Spreadsheet ' || g, 'Sheet ' || (g % 7), now() - g * interval '4 hours'
       from generate_series(1, 2000) g`,
      [workspaceId],
    );
    // As autovacuum leaves a table: statistics, and the GIN indexes' pending entries merged.
    await t.pool.query('vacuum analyze campaigns');
  });
  afterAll(async () => {
    await t.close();
  });

  const indexesOf = async (pattern: string) => {
    const { page } = campaignListQueries(t.db, {
      filters: { workspaceId, search: [pattern] },
      sort: [{ key: 'lastUpdateTimestamp', direction: 'desc' }],
      limit: 25,
      offset: 0,
    });
    const { sql, params } = page.toSQL();
    const result = await t.pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `explain (format json) ${sql}`,
      params,
    );
    return nodesOf(result.rows[0]!['QUERY PLAN'][0]!.Plan).map((node) => node['Index Name']);
  };

  it.each(['%Subject 1234%', '%Spreadsheet 77%'])('%s reads both trigram indexes', async (pattern) => {
    const indexes = await indexesOf(pattern);
    expect(indexes).toContain('campaigns_subject_trgm_idx');
    expect(indexes).toContain('campaigns_sheet_names_trgm_idx');
  });

  it("%su% (no trigram) never reads them: the order's index, until the page is full", async () => {
    const indexes = await indexesOf('%su%');
    expect(indexes).not.toContain('campaigns_subject_trgm_idx');
    expect(indexes).not.toContain('campaigns_sheet_names_trgm_idx');
    expect(indexes).toContain('campaigns_workspace_last_update_idx');
  });
});
