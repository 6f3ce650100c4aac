import { z } from 'zod';
import { clientText, MAX_CLIENT_INT, NUMBER_MESSAGES } from '../text/client-text';
import { LIST_SEARCH_MAX_LENGTH } from './list-filters';

export { formatFilterBy, LIST_SEARCH_MAX_LENGTH } from './list-filters';
const LIST_SEARCH_TOO_LONG_MESSAGE = `Search must be at most ${LIST_SEARCH_MAX_LENGTH} characters.`;

/** One `search` filter value. */
const listSearchSchema = z.string().max(LIST_SEARCH_MAX_LENGTH, { error: LIST_SEARCH_TOO_LONG_MESSAGE });

/**
 * The shared list parameters of spec 000 §7 / 002 §7: `filterBy` is a comma list of `key:value`
 * (a key may repeat: the values form an array), `sortBy` a comma list of `key:asc|desc`.
 */
export const listQuerySchema = z.object({
  filterBy: clientText().max(2000).optional(),
  sortBy: clientText().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(30000).optional(),
  limitOffset: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_CLIENT_INT, { error: NUMBER_MESSAGES.TOO_LARGE })
    .optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export type SortDirection = 'asc' | 'desc';
export type ParsedListQuery<F extends string, S extends string> = {
  filters: Partial<Record<F, string[]>>;
  sort: Array<{ key: S; direction: SortDirection }>;
  limit: number;
  offset: number;
};
type ListQueryIssue = { field: 'filterBy' | 'sortBy'; message: string };
export type ListQueryResult<F extends string, S extends string> =
  { ok: true; value: ParsedListQuery<F, S> } | { ok: false; issues: ListQueryIssue[] };

/** Parses filterBy/sortBy against a whitelist of keys; unknown keys are issues (answered 400). */
export function parseListQuery<F extends string, S extends string>(
  query: ListQuery,
  allowed: { filterKeys: readonly F[]; sortKeys: readonly S[]; defaultLimit?: number },
): ListQueryResult<F, S> {
  const issues: ListQueryIssue[] = [];
  const filters: Partial<Record<F, string[]>> = {};
  for (const part of splitList(query.filterBy)) {
    const separator = part.indexOf(':');
    const key = separator === -1 ? part : part.slice(0, separator);
    const value = separator === -1 ? '' : part.slice(separator + 1);
    if (!isOneOf(key, allowed.filterKeys)) {
      issues.push({ field: 'filterBy', message: `Unknown filter key '${key}'.` });
      continue;
    }
    if (value === '') {
      issues.push({ field: 'filterBy', message: `Filter '${key}' needs a value.` });
      continue;
    }
    if (key === 'search' && !listSearchSchema.safeParse(value).success) {
      issues.push({ field: 'filterBy', message: LIST_SEARCH_TOO_LONG_MESSAGE });
      continue;
    }
    (filters[key] ??= []).push(value);
  }
  const sort: Array<{ key: S; direction: SortDirection }> = [];
  for (const part of splitList(query.sortBy)) {
    const [key = '', direction = 'asc'] = part.split(':');
    if (!isOneOf(key, allowed.sortKeys)) {
      issues.push({ field: 'sortBy', message: `Unknown sort key '${key}'.` });
      continue;
    }
    if (direction !== 'asc' && direction !== 'desc') {
      issues.push({ field: 'sortBy', message: `Sort direction of '${key}' must be asc or desc.` });
      continue;
    }
    sort.push({ key, direction });
  }
  if (issues.length > 0) return { ok: false, issues };
  return {
    ok: true,
    value: {
      filters,
      sort,
      limit: query.limit ?? allowed.defaultLimit ?? 25,
      offset: query.limitOffset ?? 0,
    },
  };
}

/** Every non-empty value a `filterBy` string gives `key` (e.g. the space of `workspaceId:…`), in order. */
export function filterValuesOf(filterBy: string | undefined, key: string): string[] {
  const prefix = `${key}:`;
  return splitList(filterBy)
    .filter((part) => part.startsWith(prefix))
    .map((part) => part.slice(prefix.length))
    .filter((value) => value !== '');
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

function isOneOf<T extends string>(value: string, list: readonly T[]): value is T {
  return (list as readonly string[]).includes(value);
}
