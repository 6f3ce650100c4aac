import { DRAFT_CREATION_FAILED_MESSAGE } from '../templates/messages';

/**
 * Adding the Gmail compose permission to the signed-in session (issue 9, spec 002 §4.5 "First
 * the compose permission is requested, then the draft is created") is a round trip through the
 * provider like sign-in, but it is not one: it never opens a session and never changes the
 * person. Its `state` carries GRANT_STATE_PREFIX, so the callback page tells it from a sign-in —
 * also when the provider answers `error=access_denied` (the person cancelled), which the server
 * does not see.
 */
export const GRANT_STATE_PREFIX = 'grant.';

export const isGrantState = (state: string | null | undefined): boolean =>
  typeof state === 'string' &&
  state.startsWith(GRANT_STATE_PREFIX) &&
  state.length > GRANT_STATE_PREFIX.length;

/** 403 reason of POST /api/v1/auth/grant when another Google account answered the consent. */
export const WRONG_ACCOUNT_REASON = 'wrong_account';
export const WRONG_ACCOUNT_MESSAGE =
  'The Gmail permission was given for another Google account. Choose the account you are signed in with.';

/** How a grant round trip that did not add the permission ended; the page it returns to says so. */
const GRANT_OUTCOMES = ['cancelled', 'wrong-account', 'failed'] as const;
export type GrantOutcome = (typeof GRANT_OUTCOMES)[number];

/** The query parameter that brings the outcome back to the page that asked for the permission. */
export const GRANT_OUTCOME_PARAM = 'composeGrant';

/** `path` (a safe continue path) with the outcome added to its query (replacing an earlier one). */
export function withGrantOutcome(path: string, outcome: GrantOutcome): string {
  const hashAt = path.indexOf('#');
  const beforeHash = hashAt === -1 ? path : path.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : path.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const pathname = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const pairs = (queryAt === -1 ? '' : beforeHash.slice(queryAt + 1))
    .split('&')
    .filter((pair) => pair !== '' && pair.split('=', 1)[0] !== GRANT_OUTCOME_PARAM);
  return `${pathname}?${[...pairs, `${GRANT_OUTCOME_PARAM}=${outcome}`].join('&')}${hash}`;
}

/** The outcome named by the query parameter's value, if it is one. */
export const readGrantOutcome = (value: string | null): GrantOutcome | null =>
  (GRANT_OUTCOMES as readonly string[]).includes(value ?? '') ? (value as GrantOutcome) : null;

/**
 * The templates page's error alert after a grant that did not add the permission: the spec's
 * draft error, and for another account also what to do (`email`: the signed-in person's).
 */
export function grantOutcomeMessage(outcome: GrantOutcome, email: string): string {
  if (outcome !== 'wrong-account') return DRAFT_CREATION_FAILED_MESSAGE;
  return `${DRAFT_CREATION_FAILED_MESSAGE}: the permission was given for another Google account. Choose ${email} to allow drafts.`;
}
