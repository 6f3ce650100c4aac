import type { ParsedListQuery } from '@mergedesk/domain/api/list-query';
import {
  SUPPRESSION_TOTAL_CAP,
  type SuppressionFilterKey,
  type SuppressionSortKey,
  type SuppressionType,
} from '@mergedesk/domain/api/suppression-list';
import { and, asc, desc, eq, ilike, inArray, type AnyColumn } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { bounces, unsubscriptions } from '../../db/schema';
import { containsPattern, ONE, pageWithCappedTotal } from '../../lib/list-query';

/** The two suppression lists share one shape (db/schema.ts suppressionTable), so one repo serves both. */
export type SuppressionTable = typeof unsubscriptions | typeof bounces;

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
  userId: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export type NewSuppression = {
  workspaceId: string;
  userId: string | null;
  email: string;
  type: SuppressionType;
  createdAt?: Date;
  updatedAt?: Date;
};

function columnsOf(table: SuppressionTable) {
  return {
    id: table.id,
    email: table.email,
    type: table.type,
    userId: table.userId,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  };
}

function whereClause(table: SuppressionTable, workspaceId: string, filters: SuppressionFilters) {
  // Several searches must all match (AND); several types are alternatives (OR).
  return and(
    eq(table.workspaceId, workspaceId),
    ...(filters.search ?? []).map((search) => ilike(table.email, containsPattern(search))),
    filters.type ? inArray(table.type, filters.type) : undefined,
  );
}

/** One page of a space's list, paged, filtered and sorted in SQL; `total` is capped. */
export async function listSuppressions(
  db: Executor,
  table: SuppressionTable,
  workspaceId: string,
  query: SuppressionListQuery,
): Promise<{ rows: SuppressionRow[]; total: number }> {
  const where = whereClause(table, workspaceId, query.filters);
  const sortColumns: Record<SuppressionSortKey, AnyColumn> = {
    emailAddress: table.email,
    createTimestamp: table.createdAt,
    lastUpdateTimestamp: table.updatedAt,
  };
  const sort = query.sort.length > 0 ? query.sort : [{ key: 'createTimestamp', direction: 'desc' } as const];
  const orderBy = [
    ...sort.map(({ key, direction }) =>
      direction === 'desc' ? desc(sortColumns[key]) : asc(sortColumns[key]),
    ),
    asc(table.id),
  ];
  const rowsQuery = db
    .select(columnsOf(table))
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.limit)
    .offset(query.offset);
  const matching = db.select(ONE).from(table).where(where).$dynamic();
  return pageWithCappedTotal(db, rowsQuery, matching, SUPPRESSION_TOTAL_CAP);
}

/** Inserts the entries whose address is not in the space's list yet; returns how many were new. */
export async function insertSuppressions(
  db: Executor,
  table: SuppressionTable,
  entries: readonly NewSuppression[],
): Promise<number> {
  if (entries.length === 0) return 0;
  const inserted = await db
    .insert(table)
    .values(entries.map((entry) => ({ ...entry, email: entry.email.toLowerCase() })))
    .onConflictDoNothing({ target: [table.workspaceId, table.email] })
    .returning({ id: table.id });
  return inserted.length;
}

export async function findSuppression(
  db: Executor,
  table: SuppressionTable,
  workspaceId: string,
  email: string,
): Promise<SuppressionRow | undefined> {
  const [row] = await db
    .select(columnsOf(table))
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.email, email.toLowerCase())))
    .limit(1);
  return row;
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
