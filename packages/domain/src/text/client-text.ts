import { z } from 'zod';
import { superRefine } from 'zod/mini';

/**
 * The rules every value a client sends must meet before it reaches a service or PostgreSQL
 * (issue 6 "Input", issue 10 "Bad input gives 500s"). Every request schema builds its strings,
 * integers and timestamps from these, so one rule decides them all.
 */

export const CLIENT_TEXT_MESSAGES = {
  CONTROL_CHARACTERS: 'Must not contain control characters.',
  INVALID_UNICODE: 'Must be valid Unicode text.',
  DIRECTION_OVERRIDES: 'Must not contain text direction override characters.',
  NO_VISIBLE_CHARACTERS: 'Must contain visible characters.',
} as const;

/** C0 (NUL included), DEL and C1 control characters. PostgreSQL refuses NUL in text. */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** The same, except tab, line feed and carriage return (multi-line text). */
const CONTROL_CHARACTER_EXCEPT_LINE_BREAKS = /[^\P{Cc}\t\n\r]/u;
/** A UTF-16 surrogate that is not part of a pair: no character at all, and not encodable as UTF-8. */
const LONE_SURROGATE = /\p{Cs}/u;
/** Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder shown text. */
const DIRECTION_OVERRIDE = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * A character that shows something: not white space, not a control or format character (zero-width
 * space, joiners, marks), not a default-ignorable (e.g. the Hangul filler), not a lone combining
 * mark, not a private-use or unassigned code point.
 */
const VISIBLE_CHARACTER = /[^\p{White_Space}\p{C}\p{M}\p{Default_Ignorable_Code_Point}]/u;

export type TextIssue = keyof typeof CLIENT_TEXT_MESSAGES;

/** Whether `value` is well-formed UTF-16: no lone surrogate (the server refuses any other in any request part). */
export const isWellFormedText = (value: string): boolean => !LONE_SURROGATE.test(value);

/**
 * Why `value` is refused as client text, or undefined when it is fine. Multi-line text (free text
 * fields such as error details) may hold tabs and line breaks; other text may not.
 */
export function findTextIssue(value: string, options: { multiline?: boolean } = {}): TextIssue | undefined {
  if (LONE_SURROGATE.test(value)) return 'INVALID_UNICODE';
  const control = options.multiline === true ? CONTROL_CHARACTER_EXCEPT_LINE_BREAKS : CONTROL_CHARACTER;
  if (control.test(value)) return 'CONTROL_CHARACTERS';
  return undefined;
}

/** Why `value` is refused as a name (a space name…), or undefined: text rules, then no bidi overrides, then something visible. */
export function findNameIssue(value: string): TextIssue | undefined {
  const issue = findTextIssue(value);
  if (issue !== undefined) return issue;
  if (DIRECTION_OVERRIDE.test(value)) return 'DIRECTION_OVERRIDES';
  if (!VISIBLE_CHARACTER.test(value)) return 'NO_VISIBLE_CHARACTERS';
  return undefined;
}

type TextMessages = Partial<Record<TextIssue, string>>;

/**
 * The check that adds the issue `find` reports as the one error of the value (later checks do not
 * run). A zod check, so classic and zod/mini string schemas take it (`.check(...)`).
 */
function refusal(find: (value: string) => TextIssue | undefined, messages: TextMessages) {
  return superRefine<string>((value, context) => {
    const issue = find(value);
    if (issue === undefined) return;
    context.addIssue({
      code: 'custom',
      message: messages[issue] ?? CLIENT_TEXT_MESSAGES[issue],
      continue: false,
    });
  });
}

function refuse<T extends z.ZodString>(
  schema: T,
  find: (value: string) => TextIssue | undefined,
  messages: TextMessages,
): T {
  return schema.check(refusal(find, messages));
}

/**
 * A string from a client: no control characters (NUL included), no lone surrogates. Chain the
 * field's own rules after it (`clientText().max(500)`).
 */
export function clientText(
  options: {
    multiline?: boolean;
    messages?: TextMessages;
    /** The message when the value is missing or not a string. */
    required?: string;
  } = {},
) {
  const base = options.required === undefined ? z.string() : z.string({ error: options.required });
  return refuse(base, (value) => findTextIssue(value, options), options.messages ?? {});
}

export type ClientJson = string | number | boolean | null | ClientJson[] | { [key: string]: ClientJson };

/**
 * Free-form JSON from a client (stored as jsonb): its strings and keys follow clientText (multi-line
 * allowed), its numbers are finite.
 */
export const clientJson: z.ZodType<ClientJson> = z.lazy(() =>
  z.union([
    clientText({ multiline: true }),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(clientJson),
    z.record(clientText(), clientJson),
  ]),
);

/**
 * The name rule (findNameIssue) as a zod check, added to a string schema after its trim and
 * "required" check, with the field's own messages where it has them. A check rather than a classic
 * schema method, so the web app's schemas can be zod/mini (docs/decisions/356-web-bundle-diet.md).
 */
export function nameRules(messages: TextMessages = {}) {
  return refusal(findNameIssue, messages);
}

/** The largest value of a PostgreSQL `integer` column (2^31 − 1). */
export const MAX_CLIENT_INT = 2_147_483_647;

export const NUMBER_MESSAGES = {
  TOO_LARGE: `Must be at most ${MAX_CLIENT_INT}.`,
  INVALID_TIMESTAMP: 'Must be a time between 1970 and the end of year 9999.',
} as const;

/** A whole number that fits an `integer` column: never above 2^31 − 1 (nor below 0 unless asked). */
export function clientInt(options: { min?: number } = {}) {
  return z
    .number()
    .int()
    .min(options.min ?? 0)
    .max(MAX_CLIENT_INT, { error: NUMBER_MESSAGES.TOO_LARGE });
}

/** 9999-12-31T23:59:59.999Z: the last instant a timestamp may name (ISO dates have four-digit years). */
export const MAX_TIMESTAMP_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Milliseconds since the epoch, from 1970 to the end of year 9999. */
export function clientTimestampMs() {
  return z
    .number()
    .int({ error: NUMBER_MESSAGES.INVALID_TIMESTAMP })
    .min(0, { error: NUMBER_MESSAGES.INVALID_TIMESTAMP })
    .max(MAX_TIMESTAMP_MS, { error: NUMBER_MESSAGES.INVALID_TIMESTAMP });
}
