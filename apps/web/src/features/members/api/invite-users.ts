import type { InviteBody } from '@mergedesk/domain/api/invitations';
import type { ValidityResponse } from '@mergedesk/domain/api/members';
import { callEndpoint } from '../../../lib/api-client';

/**
 * POST /api/workspaces/{id}/invitations with query onlyCheckValidity (spec 002 §7): with true the
 * server only checks each address (items of email and errorMsg); with false it sends the invitations.
 */
export const inviteUsers = (
  workspaceId: string,
  userEmails: string[],
  onlyCheckValidity: boolean,
): Promise<ValidityResponse> =>
  callEndpoint('invitations.invite', {
    params: { workspaceId },
    query: { onlyCheckValidity },
    body: { userEmails } satisfies InviteBody,
  });
