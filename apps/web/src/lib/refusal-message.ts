import { ApiError } from './api-client';

/**
 * What a person is told when the server refuses an action (issue 22: every refusal shows the
 * server's reason): the server's message for a refusal (4xx), the page's generic text for
 * anything else (network, 5xx), which has no reason a person can act on.
 */
export const refusalMessage = (reason: unknown, fallback: string): string =>
  reason instanceof ApiError && reason.status >= 400 && reason.status < 500 && reason.message !== ''
    ? reason.message
    : fallback;
