/**
 * How fast the engine sends for one sender, and how it backs off when Gmail answers 429 or 5xx
 * (issue 24 "Sending paces itself under Gmail's per-user rate";
 * docs/decisions/375-sending-pace-and-retries.md).
 */

/**
 * Gmail allows 250 quota units per user per second and messages.send costs 100 units, so at most
 * 2.5 sends a second (https://developers.google.com/workspace/gmail/api/reference/quota). 2 keeps
 * a margin for the sender's own mail client. The engine's pace is configuration; this is its default.
 */
export const DEFAULT_SENDS_PER_SECOND_PER_SENDER = 2;

/**
 * The time between two sends of one sender at `perSecond`; 0 (no pacing) for a rate that is not a
 * positive finite number (the bench lifts the pace).
 */
export const paceIntervalMs = (perSecond: number): number =>
  Number.isFinite(perSecond) && perSecond > 0 ? 1000 / perSecond : 0;

/** Tries of one message, the first included, before the recipient is FAILED with GMAIL_ERROR. */
export const MAX_SEND_ATTEMPTS = 5;

const RETRY_BASE_DELAY_MS = 1000;
export const MAX_RETRY_DELAY_MS = 60_000;

/**
 * The wait before try number `attempt + 1` after `attempt` failed tries (1, 2, 3 …): 1 s, 2 s,
 * 4 s, 8 s … capped at 60 s, with "equal jitter" (AWS Architecture Blog, "Exponential Backoff And
 * Jitter"): `jitter` in [0, 1) picks a point between half the delay and the whole delay, so workers
 * retrying together spread out but each still waits. The caller passes Math.random() (tests a constant).
 * When Gmail names a time (Retry-After), the engine waits at least that long.
 */
export const retryDelayMs = (attempt: number, jitter: number): number => {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  const delay = Math.min(MAX_RETRY_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** Math.min(exponent, 30));
  const spread = Math.min(Math.max(Number.isFinite(jitter) ? jitter : 0, 0), 1);
  return Math.round(delay / 2 + (delay / 2) * spread);
};
