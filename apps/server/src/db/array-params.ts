import { sql, type SQL } from 'drizzle-orm';

/**
 * A list as one array parameter (`$1::uuid[]`), not one parameter per element: the same
 * statement, and plan, for 1 or 5,000 values, and one value to serialize on a hot path. For
 * `= any(…)` and `unnest(…)`.
 */
export const uuidArray = (values: readonly string[]): SQL => sql`${sql.param([...values])}::uuid[]`;

/** A list of texts as one array parameter (`$1::text[]`); see uuidArray. */
export const textArray = (values: readonly string[]): SQL => sql`${sql.param([...values])}::text[]`;
