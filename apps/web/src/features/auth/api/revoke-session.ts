import { callEndpoint } from '../../../lib/api-client';

/**
 * POST /api/v1/auth/revoke: ends the session (and clears the refresh cookie). The token is passed
 * explicitly because the session has already been cleared from memory when this is sent.
 */
export const revokeSession = (input: { sessionId: string; accessToken: string }): Promise<void> =>
  callEndpoint('auth.revoke', {
    body: { sessionId: input.sessionId },
    headers: { Authorization: `Bearer ${input.accessToken}` },
  }).then(() => undefined);
