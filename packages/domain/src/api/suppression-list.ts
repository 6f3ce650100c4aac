import { z } from 'zod';
import { clientText } from '../text/client-text';
import type { CsvValue } from '../exports/csv-safety';
import { csvTimestamp } from '../exports/csv-values';
import type { SuppressionList } from '../suppressions/permissions';
import { emailSchema } from '../users/email';
import {
  SUPPRESSION_LIST_SHOWS_TYPE,
  SUPPRESSION_TYPE_LABELS,
  suppressionItemDate,
} from './suppression-display';

/**
 * Building blocks shared by the unsubscription and bounce lists (spec 002 §3, §7): both are lists of
 * e-mail addresses of a space, each entry either the adding user's own (PERSONAL) or shared across
 * the space (WORKSPACE, the Premium "shared unsubscribes / shared bounces" features).
 */
export const SUPPRESSION_TYPES = ['WORKSPACE', 'PERSONAL'] as const;
export const suppressionTypeSchema = z.enum(SUPPRESSION_TYPES);
export type SuppressionType = z.infer<typeof suppressionTypeSchema>;

/**
 * How an entry came to be: MANUAL — a person added it on the page; LINK — the recipient
 * unsubscribed through the link of a merge (the entry belongs to that merge's sender); ADDON — the
 * add-on reported it (a bounce of the sender's merge).
 */
export const SUPPRESSION_SOURCES = ['MANUAL', 'LINK', 'ADDON'] as const;
const suppressionSourceSchema = z.enum(SUPPRESSION_SOURCES);
export type SuppressionSource = z.infer<typeof suppressionSourceSchema>;

/**
 * filterBy keys: `search` matches a part of the address (case-insensitive), `type` one of
 * SUPPRESSION_TYPES (may repeat). sortBy keys: the item's fields.
 */
export const SUPPRESSION_FILTER_KEYS = ['search', 'type'] as const;
export const SUPPRESSION_SORT_KEYS = ['emailAddress', 'createTimestamp', 'lastUpdateTimestamp'] as const;
export type SuppressionFilterKey = (typeof SUPPRESSION_FILTER_KEYS)[number];
export type SuppressionSortKey = (typeof SUPPRESSION_SORT_KEYS)[number];

/** A list's total is counted up to this many rows; the screen shows '10,000+' at the cap. */
export const SUPPRESSION_TOTAL_CAP = 10000;

/** At most this many addresses per add call. */
const MAX_SUPPRESSIONS_PER_ADD = 500;

/** Spec 002 §5: "A workspace id and at least one email are required." */
const SUPPRESSION_EMAILS_REQUIRED_MESSAGE = 'At least one email address is required.';
const SUPPRESSION_TOO_MANY_MESSAGE = `At most ${MAX_SUPPRESSIONS_PER_ADD} email addresses can be added at once.`;
const SUPPRESSION_WORKSPACE_REQUIRED_MESSAGE = 'WorkspaceId is required';

/** List item: timestamps in milliseconds since the epoch. */
export const suppressionItemSchema = z.object({
  emailAddress: z.string(),
  createTimestamp: z.number(),
  lastUpdateTimestamp: z.number(),
  type: suppressionTypeSchema,
  source: suppressionSourceSchema,
  /** The entry belongs to the caller (they added it, or it came from their own merge). */
  isOwn: z.boolean(),
});
export type SuppressionItem = z.infer<typeof suppressionItemSchema>;

export const suppressionListSchema = z.object({
  items: z.array(suppressionItemSchema),
  /** the number of matching rows, capped at SUPPRESSION_TOTAL_CAP */
  total: z.number().int(),
});

/** Body of the add calls: addresses are trimmed, lower-cased and checked by the shared e-mail rule. */
export const addSuppressionsBodySchema = z.object({
  emailAddresses: z
    .array(emailSchema, { error: SUPPRESSION_EMAILS_REQUIRED_MESSAGE })
    .min(1, { error: SUPPRESSION_EMAILS_REQUIRED_MESSAGE })
    .max(MAX_SUPPRESSIONS_PER_ADD, { error: SUPPRESSION_TOO_MANY_MESSAGE }),
  workspaceId: clientText({ required: SUPPRESSION_WORKSPACE_REQUIRED_MESSAGE }).min(1, {
    error: SUPPRESSION_WORKSPACE_REQUIRED_MESSAGE,
  }),
});

/** Response of the add calls: the number of addresses that were NOT already in the list. */
export const addSuppressionsResponseSchema = z.object({ updated: z.number().int() });

/** Path of the delete calls: /…/me/{workspaceId}/{emailAddress}. */
export const deleteSuppressionParamsSchema = z.object({
  workspaceId: clientText(),
  emailAddress: emailSchema,
});

export const suppressionCsvHeader = (list: SuppressionList): string[] =>
  SUPPRESSION_LIST_SHOWS_TYPE[list] ? ['Email address', 'Date', 'Type'] : ['Email address', 'Date'];

export const suppressionCsvRow = (list: SuppressionList, item: SuppressionItem): CsvValue[] => {
  const row: CsvValue[] = [item.emailAddress, csvTimestamp(suppressionItemDate(item))];
  return SUPPRESSION_LIST_SHOWS_TYPE[list] ? [...row, SUPPRESSION_TYPE_LABELS[item.type]] : row;
};

/** The export is written in the order of one sort key (the table sorts by one column). */
export const SUPPRESSION_EXPORT_ONE_SORT_KEY_MESSAGE = 'Sort the export by one key only.';
