import type { FieldError } from '@mergedesk/domain/errors/error-codes';
import { count, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { AppError } from './app-error';
import { VALIDATION_FAILED_MESSAGE } from './error-handler';

/**
 * What every list of the API shares on the server (spec 000 §7 / 002 §7 list parameters; the
 * parsing itself is packages/domain's parseListQuery): the 400 answer, single-valued filters,
 * LIKE escaping for searches and one page of rows with a capped total.
 */

/** 400 for list parameters: the one issue's message, or the generic one with every issue listed. */
export function listQueryFailed(issues: readonly FieldError[]): AppError {
  const [only] = issues;
  const message = issues.length === 1 && only ? only.message : VALIDATION_FAILED_MESSAGE;
  return new AppError('VALIDATION_FAILED', message, { fieldErrors: [...issues] });
}

/** The single value of a filter key that may be given once, or an issue. */
export function singleFilterValue(
  key: string,
  values: readonly string[] | undefined,
  issues: FieldError[],
): string | undefined {
  if (values === undefined) return undefined;
  if (values.length > 1) {
    issues.push({ field: 'filterBy', message: `Filter '${key}' may be given once.` });
    return undefined;
  }
  return values[0];
}

/** `text` with the LIKE wildcards (`%`, `_`) and the escape character (`\`) matching literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern matching `text` anywhere, with the LIKE wildcards of `text` escaped. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * One page of rows and the number of matching rows, counted up to `cap` only (the lists show
 * "10,000+"; counting a huge space in full would cost more than the page). `matching` selects the
 * matching rows (`db.select({ one: sql\`1\` }).from(…).where(…).$dynamic()`); both run at once.
 */
export async function pageWithCappedTotal<Row>(
  db: Executor,
  page: PromiseLike<Row[]>,
  matching: PgSelect,
  cap: number,
): Promise<{ rows: Row[]; total: number }> {
  const capped = matching.limit(cap).as('capped');
  const [rows, [total]] = await Promise.all([page, db.select({ value: count() }).from(capped)]);
  return { rows, total: total?.value ?? 0 };
}

/**
 * The number of rows `matching` selects, counted up to `cap`, as a column of the page's own select
 * list (issue 11): PostgreSQL computes it once for the statement (an InitPlan), so the page and its
 * total come in one statement and one round trip. `matching` is consumed (its limit is set).
 */
export function cappedTotal(matching: PgSelect, cap: number): SQL<number> {
  return sql<number>`(select count(*)::int from (${matching.limit(cap)}) as capped)`;
}

/**
 * One page of rows that carry `total` (cappedTotal in their select list), and that total. A page
 * past the last row has no row to carry it: on an empty page after the first, the matching rows
 * are counted in a second statement (`countMatching`, only then); an empty first page means none.
 */
export async function pageWithTotal<Row extends { total: number }>(
  page: PromiseLike<Row[]>,
  offset: number,
  countMatching: () => Promise<number>,
): Promise<{ rows: Array<Omit<Row, 'total'>>; total: number }> {
  const rows = await page;
  const [first] = rows;
  if (!first) return { rows: [], total: offset > 0 ? await countMatching() : 0 };
  return { rows: rows.map(({ total: _total, ...row }) => row), total: first.total };
}

/** The rows `matching` selects, counted up to `cap` (one statement). */
export async function countCapped(db: Executor, matching: PgSelect, cap: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(matching.limit(cap).as('capped'));
  return row?.value ?? 0;
}

/** The select list of `matching` in pageWithCappedTotal and cappedTotal. */
export const ONE = { one: sql`1` };
