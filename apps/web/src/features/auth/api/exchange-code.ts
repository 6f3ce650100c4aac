import type { TokenResponse } from '@mergedesk/domain/api/auth';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/v1/auth/token: the authorization code for a session (sets the httpOnly refresh cookie). */
export const exchangeCode = (input: { code: string; state: string; iss?: string }): Promise<TokenResponse> =>
  callEndpoint('auth.token', { body: input });
