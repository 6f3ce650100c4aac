import type { InvitedEmailsBody } from '@mergedesk/domain/api/invitations';
import { callEndpoint } from '../../../lib/api-client';

/** DELETE /api/workspaces/{id}/invitations with invitedUserEmails[] (spec 002 §7). */
export const cancelInvitations = (workspaceId: string, invitedUserEmails: string[]): Promise<unknown> =>
  callEndpoint('invitations.cancel', {
    params: { workspaceId },
    body: { invitedUserEmails } satisfies InvitedEmailsBody,
  });
