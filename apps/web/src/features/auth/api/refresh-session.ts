import type { AuthSession } from '@mergedesk/domain/api/auth';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/v1/auth/refresh-token: a new access token for the session in the httpOnly cookie. */
export const refreshAuthSession = (sessionId?: string | null): Promise<AuthSession> =>
  callEndpoint('auth.refreshToken', { body: sessionId ? { sessionId } : {} });
