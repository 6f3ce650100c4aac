import type { AuthSession } from '@mergedesk/domain/api/auth';
import { api } from '../../../lib/api-client';

/** POST /api/v1/auth/refresh-token: a new access token for the session in the httpOnly cookie. */
export const refreshAuthSession = (sessionId?: string | null): Promise<AuthSession> =>
  api.post<AuthSession>('/v1/auth/refresh-token', { body: sessionId ? { sessionId } : {} });
