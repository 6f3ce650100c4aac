import type { ListQuery } from '@mergedesk/domain/api/list-query';
import { parseListQuery } from '@mergedesk/domain/api/list-query';
import {
  SUPPRESSION_EXPORT_ONE_SORT_KEY_MESSAGE,
  SUPPRESSION_FILTER_KEYS,
  SUPPRESSION_SORT_KEYS,
  suppressionCsvHeader,
  suppressionCsvRow,
  suppressionTypeSchema,
  type SuppressionItem,
  type SuppressionType,
} from '@mergedesk/domain/api/suppression-list';
import type { FieldError } from '@mergedesk/domain/errors/error-codes';
import {
  suppressionDeleteBlock,
  suppressionTypeFor,
  type SuppressionList,
} from '@mergedesk/domain/suppressions/permissions';
import { EXPORT_LIMIT, type ExportKind } from '@mergedesk/domain/exports/file-names';
import type { Database } from '../../db/client';
import { csvLines } from '../../lib/csv-export';
import { otherFeaturesOf, type SpaceMembership } from '../../lib/access';
import { AppError } from '../../lib/app-error';
import { listQueryFailed } from '../../lib/list-query';
import { logUsageEvent } from '../events/events.service';
import type { UserRecord } from '../../db/records';
import {
  deleteSuppression,
  findSuppressionForUpdate,
  insertSuppressionDeletion,
  insertSuppressions,
  listSuppressions,
  suppressionsAfter,
  type SuppressionCursor,
  type SuppressionFilters,
  type SuppressionListQuery,
  type SuppressionRow,
  suppressionTableOf,
} from './suppression-list.repo';

// The entries other modules add: the add-on's bounces, the tracking link's opt-outs.
export { insertBounces, upsertUnsubscription } from './suppression-list.repo';
// Space-life carries someone's personal opt-outs to the space they land in.
export { copyPersonalOptOuts } from './suppression-list.repo';
// The sending engine skips the addresses on the lists that apply to the sender (issue 24).
export { findSuppressedAmong } from './suppression-list.repo';

/**
 * What differs between the unsubscription list and the bounce list (spec 002 §2.3, §2.4): the
 * list (its table and which Premium sharing feature applies), the messages and the usage events.
 */
export type SuppressionListConfig = {
  list: SuppressionList;
  exportKind: ExportKind;
  notInListMessage: (email: string) => string;
  /** usage_events types of spec 002 §7 "Other" (manual unsubscribe); undefined: not logged. */
  usageEvents?: { added: string; deleted: string };
};

/** Rows per keyset batch of an export (each batch one statement, the connection free in between). */
const SUPPRESSION_EXPORT_BATCH = 2000;

/**
 * What a member sees of a space's list: the shared entries and their own personal ones (a
 * colleague's personal opt-outs are theirs alone).
 */
export async function listSuppressionEntries(
  db: Database,
  list: SuppressionListConfig,
  caller: UserRecord,
  membership: SpaceMembership,
  query: ListQuery,
): Promise<{ items: SuppressionItem[]; total: number }> {
  const listQuery = parseSuppressionListQuery(query);
  const { rows, total } = await listSuppressions(
    db,
    suppressionTableOf(list.list),
    membership.workspace.id,
    caller.id,
    listQuery,
  );
  return { items: rows.map((row) => toItem(row, caller.id)), total };
}

/**
 * GET …/{list}/export (issue 11): what the list shows the caller — its filters, in the order of
 * one sort key — as CSV, at most EXPORT_LIMIT rows (spec 002 §9). The parameters are checked
 * before anything is sent, so a refusal is a JSON error; the lines then follow in keyset batches.
 */
export function exportSuppressionEntries(
  db: Database,
  list: SuppressionListConfig,
  caller: UserRecord,
  membership: SpaceMembership,
  query: ListQuery,
): AsyncGenerator<string> {
  const { filters, sort } = parseSuppressionListQuery(query);
  if (sort.length > 1) {
    throw listQueryFailed([{ field: 'sortBy', message: SUPPRESSION_EXPORT_ONE_SORT_KEY_MESSAGE }]);
  }
  return suppressionCsvLines(db, list, caller, membership.workspace.id, { filters, sort: sort[0] });
}

async function* suppressionCsvLines(
  db: Database,
  list: SuppressionListConfig,
  caller: UserRecord,
  workspaceId: string,
  query: Parameters<typeof suppressionsAfter>[4],
): AsyncGenerator<string> {
  yield csvLines([suppressionCsvHeader(list.list)]);
  let cursor: SuppressionCursor | undefined;
  for (let written = 0; written < EXPORT_LIMIT;) {
    const batch = Math.min(SUPPRESSION_EXPORT_BATCH, EXPORT_LIMIT - written);
    const rows = await suppressionsAfter(
      db,
      suppressionTableOf(list.list),
      workspaceId,
      caller.id,
      query,
      cursor,
      batch,
    );
    if (rows.length === 0) return;
    yield csvLines(rows.map((row) => suppressionCsvRow(list.list, toItem(row, caller.id))));
    written += rows.length;
    cursor = rows[rows.length - 1]!.cursor;
    if (rows.length < batch) return;
  }
}

/**
 * Adds addresses to a space's list in one statement; addresses already there are left as they
 * are. Returns the number of new entries (spec 002 §4.3: 0 gives the 'already' warning).
 */
export async function addSuppressionEntries(
  db: Database,
  list: SuppressionListConfig,
  caller: UserRecord,
  membership: SpaceMembership,
  emailAddresses: string[],
): Promise<{ updated: number }> {
  const type = entryTypeFor(list, membership);
  const emails = [...new Set(emailAddresses.map((email) => email.toLowerCase()))];
  return db.transaction(async (tx) => {
    const updated = await insertSuppressions(
      tx,
      suppressionTableOf(list.list),
      emails.map((email) => ({
        workspaceId: membership.workspace.id,
        userId: caller.id,
        email,
        type,
        source: 'MANUAL' as const,
      })),
    );
    if (list.usageEvents) {
      await logUsageEvent(tx, {
        userId: caller.id,
        eventType: list.usageEvents.added,
        payload: { space_id: membership.workspace.id, requested: emails.length, added: updated, type },
      });
    }
    return { updated };
  });
}

/**
 * Removes one address from the caller's view of a space's list (their own personal entry first,
 * else the shared one): 404 when it is not there for them, 403 with the domain's reason when the
 * entry is not theirs to remove. Every deletion is logged (suppression_deletions) in the same
 * transaction.
 */
export async function deleteSuppressionEntry(
  db: Database,
  list: SuppressionListConfig,
  caller: UserRecord,
  membership: SpaceMembership,
  email: string,
): Promise<void> {
  const workspaceId = membership.workspace.id;
  await db.transaction(async (tx) => {
    const entry = await findSuppressionForUpdate(
      tx,
      suppressionTableOf(list.list),
      workspaceId,
      caller.id,
      email,
    );
    if (!entry) throw new AppError('NOT_FOUND', list.notInListMessage(email));
    const block = suppressionDeleteBlock({
      list: list.list,
      type: entry.type,
      source: entry.source,
      isOwn: entry.userId === caller.id,
      role: membership.role,
      userPlan: membership.userPlan,
      features: otherFeaturesOf(membership.workspace),
    });
    if (block) throw new AppError('FORBIDDEN', block.message, { reason: block.reason });
    const deleted = await deleteSuppression(tx, suppressionTableOf(list.list), workspaceId, entry.id);
    if (!deleted) throw new AppError('NOT_FOUND', list.notInListMessage(email));
    await insertSuppressionDeletion(tx, {
      workspaceId,
      list: list.list,
      row: entry,
      deletedBy: { id: caller.id, email: caller.email },
    });
    if (list.usageEvents) {
      await logUsageEvent(tx, {
        userId: caller.id,
        eventType: list.usageEvents.deleted,
        payload: { space_id: workspaceId, type: entry.type, source: entry.source },
      });
    }
  });
}

/**
 * New entries are shared across the space (WORKSPACE) when the Premium sharing feature applies to
 * the member adding them (domain suppressionTypeFor), else they are the member's own
 * (PERSONAL).
 */
function entryTypeFor(config: SuppressionListConfig, membership: SpaceMembership): SuppressionType {
  return suppressionTypeFor(config.list, {
    userPlan: membership.userPlan,
    features: otherFeaturesOf(membership.workspace),
  });
}

function parseSuppressionListQuery(query: ListQuery): SuppressionListQuery {
  const parsed = parseListQuery(query, {
    filterKeys: SUPPRESSION_FILTER_KEYS,
    sortKeys: SUPPRESSION_SORT_KEYS,
  });
  if (!parsed.ok) throw listQueryFailed(parsed.issues);
  const issues: FieldError[] = [];
  const filters: SuppressionFilters = {};
  const search = parsed.value.filters.search?.map((value) => value.trim().toLowerCase());
  if (search) filters.search = search.filter((value) => value !== '');
  for (const value of parsed.value.filters.type ?? []) {
    const result = suppressionTypeSchema.safeParse(value);
    if (result.success) (filters.type ??= []).push(result.data);
    else issues.push({ field: 'filterBy', message: `Unknown value '${value}' for filter 'type'.` });
  }
  if (issues.length > 0) throw listQueryFailed(issues);
  return { ...parsed.value, filters };
}

function toItem(row: SuppressionRow, callerId: string): SuppressionItem {
  return {
    emailAddress: row.email,
    createTimestamp: row.createdAt.getTime(),
    lastUpdateTimestamp: row.updatedAt.getTime(),
    type: row.type,
    source: row.source,
    isOwn: row.userId === callerId,
  };
}
