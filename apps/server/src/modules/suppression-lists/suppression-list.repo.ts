import { normalizeEmail } from '@mergedesk/domain/users/email';
import type { ParsedListQuery, SortDirection } from '@mergedesk/domain/api/list-query';
import {
  SUPPRESSION_TOTAL_CAP,
  type SuppressionFilterKey,
  type SuppressionSortKey,
  type SuppressionSource,
  type SuppressionType,
} from '@mergedesk/domain/api/suppression-list';
import type { SuppressionList } from '@mergedesk/domain/suppressions/permissions';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bounces, suppressionDeletions, unsubscriptions } from '../../db/schema';
import { cappedTotal, containsPattern, countCapped, ONE, pageWithTotal } from '../../lib/list-query';
import { textArray } from '../../db/array-params';

/** The two suppression lists share one shape (db/schema.ts suppressionTable), so one repo serves both. */
export type SuppressionTable = typeof unsubscriptions | typeof bounces;

/** The table of each list: this module owns both (docs/decisions/364-table-owners.md). */
export const suppressionTableOf = (list: SuppressionList): SuppressionTable =>
  list === 'unsubscriptions' ? unsubscriptions : bounces;

/** Filters with their values already checked against the domain's rules. */
export type SuppressionFilters = { search?: string[]; type?: SuppressionType[] };

export type SuppressionListQuery = Omit<
  ParsedListQuery<SuppressionFilterKey, SuppressionSortKey>,
  'filters'
> & { filters: SuppressionFilters };

export type SuppressionRow = {
  id: string;
  email: string;
  type: SuppressionType;
  source: SuppressionSource;
  userId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type NewSuppression = {
  workspaceId: string;
  userId: string | null;
  email: string;
  type: SuppressionType;
  source?: SuppressionSource;
  createdAt?: Date;
  updatedAt?: Date;
};

function columnsOf(table: SuppressionTable) {
  return {
    id: table.id,
    email: table.email,
    type: table.type,
    source: table.source,
    userId: table.userId,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  };
}

/**
 * The entries of a space a person may see (domain canSeeSuppression): the shared ones and their
 * own personal ones — never a colleague's personal opt-outs.
 */
function visibleTo(table: SuppressionTable, workspaceId: string, viewerId: string) {
  return and(eq(table.workspaceId, workspaceId), or(eq(table.type, 'WORKSPACE'), eq(table.userId, viewerId)));
}

function whereClause(
  table: SuppressionTable,
  workspaceId: string,
  viewerId: string,
  filters: SuppressionFilters,
) {
  // Several searches must all match (AND); several types are alternatives (OR).
  return and(
    visibleTo(table, workspaceId, viewerId),
    ...(filters.search ?? []).map((search) => ilike(table.email, containsPattern(search))),
    filters.type ? inArray(table.type, filters.type) : undefined,
  );
}

/** One page of what `viewerId` sees of a space's list, paged, filtered and sorted in SQL; `total` is capped. */
export async function listSuppressions(
  db: Executor,
  table: SuppressionTable,
  workspaceId: string,
  viewerId: string,
  query: SuppressionListQuery,
): Promise<{ rows: SuppressionRow[]; total: number }> {
  const { page, matching } = suppressionListQueries(db, table, workspaceId, viewerId, query);
  return pageWithTotal(page, query.offset, () => countCapped(db, matching(), SUPPRESSION_TOTAL_CAP));
}

/**
 * The page of one list request, with the total counted up to the cap in the same statement, and
 * the matching rows (for a page past the end). Every order has its index (migration
 * 0012_list_orders; lib/list-plans.test.ts holds them to it).
 */
export function suppressionListQueries(
  db: Executor,
  table: SuppressionTable,
  workspaceId: string,
  viewerId: string,
  query: SuppressionListQuery,
) {
  const where = whereClause(table, workspaceId, viewerId, query.filters);
  const matching = () => db.select(ONE).from(table).where(where).$dynamic();
  const page = db
    .select({ ...columnsOf(table), total: cappedTotal(matching(), SUPPRESSION_TOTAL_CAP) })
    .from(table)
    .where(where)
    .orderBy(...orderOf(table, query.sort))
    .limit(query.limit)
    .offset(query.offset);
  return { page, matching };
}

const sortColumnOf = (table: SuppressionTable, key: SuppressionSortKey) =>
  ({ emailAddress: table.email, createTimestamp: table.createdAt, lastUpdateTimestamp: table.updatedAt })[
    key
  ];

const DEFAULT_SORT = [{ key: 'createTimestamp', direction: 'desc' }] as const;

/**
 * The list's order: the keys asked for (newest first by default), then the id in the first key's
 * direction, so that one ascending index (workspace, key, id) serves each order both ways.
 */
function orderOf(table: SuppressionTable, sort: SuppressionListQuery['sort']) {
  const keys = sort.length > 0 ? sort : DEFAULT_SORT;
  const by = (direction: SortDirection) => (direction === 'desc' ? desc : asc);
  return [
    ...keys.map(({ key, direction }) => by(direction)(sortColumnOf(table, key))),
    by(keys[0].direction)(table.id),
  ];
}

/** Where the export stopped: the last row's sort value (as PostgreSQL wrote it, to the microsecond) and id. */
export type SuppressionCursor = { value: string; id: string };

/**
 * The next `limit` entries after `cursor` in the order of one sort key (the export's keyset
 * batches): the row comparison (key, id) > / < (value, id) is an index condition on (workspace,
 * key, id), so every batch starts where the last one ended instead of counting an offset.
 */
export async function suppressionsAfter(
  db: Executor,
  table: SuppressionTable,
  workspaceId: string,
  viewerId: string,
  query: { filters: SuppressionFilters; sort: SuppressionListQuery['sort'][number] | undefined },
  cursor: SuppressionCursor | undefined,
  limit: number,
): Promise<Array<SuppressionRow & { cursor: SuppressionCursor }>> {
  const sort = query.sort ?? DEFAULT_SORT[0];
  const column = sortColumnOf(table, sort.key);
  const type = sort.key === 'emailAddress' ? sql.raw('text') : sql.raw('timestamptz');
  const after =
    cursor &&
    sql`(${column}, ${table.id}) ${sql.raw(sort.direction === 'desc' ? '<' : '>')} (cast(${cursor.value} as ${type}), cast(${cursor.id} as uuid))`;
  const rows = await db
    .select({ ...columnsOf(table), sortValue: sql<string>`${column}::text` })
    .from(table)
    .where(and(whereClause(table, workspaceId, viewerId, query.filters), after))
    .orderBy(...orderOf(table, [sort]))
    .limit(limit);
  return rows.map(({ sortValue, ...row }) => ({ ...row, cursor: { value: sortValue, id: row.id } }));
}

/**
 * Inserts the entries that are not there yet (the same address on the space's shared list, or on
 * the same person's personal list); returns how many were new.
 */
export async function insertSuppressions(
  db: Executor,
  table: SuppressionTable,
  entries: readonly NewSuppression[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const inserted = await db
    .insert(table)
    .values(entries.map((entry) => ({ ...entry, email: entry.email.toLowerCase() })))
    // Either partial unique index (shared: space + address; personal: space + person + address).
    .onConflictDoNothing()
    .returning({ id: table.id });
  return inserted.length;
}

/**
 * The entry for `email` that `viewerId` addresses, locked for the transaction: their own personal
 * entry first, else the space's shared one. A colleague's personal entry is never found.
 */
export async function findSuppressionForUpdate(
  db: Executor,
  table: SuppressionTable,
  workspaceId: string,
  viewerId: string,
  email: string,
): Promise<SuppressionRow | undefined> {
  const [row] = await db
    .select(columnsOf(table))
    .from(table)
    .where(and(visibleTo(table, workspaceId, viewerId), eq(table.email, email.toLowerCase())))
    .orderBy(sql`${table.type} = 'PERSONAL' desc`)
    .limit(1)
    .for('update');
  return row;
}

/** Records who deleted which entry (the suppression_deletions log). */
export async function insertSuppressionDeletion(
  db: Executor,
  entry: {
    workspaceId: string;
    list: SuppressionList;
    row: SuppressionRow;
    deletedBy: { id: string; email: string };
  },
): Promise<void> {
  await db.insert(suppressionDeletions).values({
    workspaceId: entry.workspaceId,
    list: entry.list,
    email: entry.row.email,
    type: entry.row.type,
    source: entry.row.source,
    ownerUserId: entry.row.userId,
    deletedByUserId: entry.deletedBy.id,
    deletedByEmail: entry.deletedBy.email,
    entryCreatedAt: entry.row.createdAt,
  });
}

/** Deletes one entry of a space's list; false when it was gone already. */
export async function deleteSuppression(
  db: Executor,
  table: SuppressionTable,
  workspaceId: string,
  id: string,
): Promise<boolean> {
  const deleted = await db
    .delete(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.id, id)))
    .returning({ id: table.id });
  return deleted.length > 0;
}

/**
 * Records a recipient's own opt-out (source LINK) on the space's list: the merge's sender owns the
 * entry, on their personal list or the shared one. An entry already there becomes the recipient's
 * opt-out (so no colleague can delete it) and is touched.
 */
export async function upsertUnsubscription(
  db: Executor,
  entry: { workspaceId: string; senderId: string | null; email: string; type: 'WORKSPACE' | 'PERSONAL' },
): Promise<void> {
  const isShared = entry.type === 'WORKSPACE';
  await db
    .insert(unsubscriptions)
    .values({
      workspaceId: entry.workspaceId,
      userId: entry.senderId,
      email: normalizeEmail(entry.email),
      type: entry.type,
      source: 'LINK',
    })
    .onConflictDoUpdate({
      target: isShared
        ? [unsubscriptions.workspaceId, unsubscriptions.email]
        : [unsubscriptions.workspaceId, unsubscriptions.userId, unsubscriptions.email],
      // The index predicate as a literal: PostgreSQL matches the partial index by it.
      targetWhere: isShared ? sql`type = 'WORKSPACE'` : sql`type = 'PERSONAL'`,
      set: { updatedAt: sql`now()`, source: 'LINK', userId: entry.senderId },
    });
}

/** Adds addresses the add-on reported (source ADDON) to the sender's or the shared bounce list; returns how many were new. */
export async function insertBounces(
  db: Executor,
  entries: readonly { workspaceId: string; userId: string; email: string; type: 'WORKSPACE' | 'PERSONAL' }[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const inserted = await db
    .insert(bounces)
    .values(entries.map((entry) => ({ ...entry, source: 'ADDON' as const })))
    // Either partial unique index (shared: space + address; personal: space + person + address).
    .onConflictDoNothing()
    .returning({ id: bounces.id });
  return inserted.length;
}

/**
 * Copies someone's personal opt-outs (PERSONAL unsubscriptions and bounces they own) from one space
 * to another; entries already there are left as they are. The originals stay in the space's history.
 */
export async function copyPersonalOptOuts(
  tx: Executor,
  userId: string,
  from: string,
  to: string,
): Promise<void> {
  for (const table of [unsubscriptions, bounces]) {
    await tx.execute(sql`
      insert into ${table} (workspace_id, user_id, email, type, source, created_at, updated_at)
      select ${to}, user_id, email, type, source, created_at, now()
      from ${table}
      where workspace_id = ${from} and user_id = ${userId} and type = 'PERSONAL'
      on conflict do nothing`);
  }
}

/**
 * Of `emails` (normalised), those on a list that applies to a merge of `userId` in the space: the
 * space's shared (WORKSPACE) entries and the sender's own PERSONAL ones (domain
 * suppressions/permissions canSeeSuppression; issue 24 skip rules). One statement per list. The
 * merges (modules/sending) and the composer's recipient check (modules/composer) both ask here.
 */
export async function findSuppressedAmong(
  db: Executor,
  workspaceId: string,
  userId: string,
  emails: readonly string[],
): Promise<{ unsubscribed: Set<string>; bounced: Set<string> }> {
  const lookUp = async (table: SuppressionTable) => {
    if (emails.length === 0) return new Set<string>();
    const rows = await suppressedAmongQuery(db, table, workspaceId, userId, emails);
    return new Set(rows.map((row) => row.email));
  };
  return { unsubscribed: await lookUp(unsubscriptions), bounced: await lookUp(bounces) };
}

/** findSuppressedAmong's statement for one list (its test EXPLAINs it). */
export function suppressedAmongQuery(
  db: Executor,
  table: SuppressionTable,
  workspaceId: string,
  userId: string,
  emails: readonly string[],
) {
  return db
    .selectDistinct({ email: table.email })
    .from(table)
    .where(
      and(
        eq(table.workspaceId, workspaceId),
        // One array parameter: an index scan of (workspace_id, email) for 1 or 5,000 addresses.
        sql`${table.email} = any(${textArray(emails)})`,
        or(eq(table.type, 'WORKSPACE'), eq(table.userId, userId)),
      ),
    );
}
