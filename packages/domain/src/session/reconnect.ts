/**
 * When a session call fails, is that a sign-out? Only when the server refused it (issue 6): a
 * 401 on refresh ends the session with the spec's 'session-expired'. A failure that says nothing
 * about the session — no answer at all (network), a timeout, too many requests, or a server
 * fault — keeps the person signed in while the app reconnects with growing pauses.
 */

/** HTTP status of a failed call; 0 stands for "no answer" (network error). */
export const isTransientFailure = (status: number): boolean =>
  status === 0 || status === 408 || status === 429 || status >= 500;

/** Pauses between reconnection attempts: 1 s, doubling, at most 30 s. */
const RECONNECT_FIRST_DELAY_MS = 1000;
const RECONNECT_MAX_DELAY_MS = 30_000;

/** The pause before attempt `attempt` (0-based) to reconnect. */
export const reconnectDelayMs = (attempt: number): number =>
  Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_FIRST_DELAY_MS * 2 ** Math.max(0, Math.min(attempt, 10)));
