import type { GrantResponse } from '@mergedesk/domain/api/auth';
import { callEndpoint } from '../../../lib/api-client';

/**
 * POST /api/v1/auth/grant: the code of a permission round trip (`grant=compose`) for the signed-in
 * session. 403 with reason `wrong_account` when another Google account answered.
 */
export const grantPermission = (input: {
  code: string;
  state: string;
  iss?: string;
}): Promise<GrantResponse> => callEndpoint('auth.grant', { body: input });
