import type { InvitedEmailsBody } from '@mergedesk/domain/api/invitations';
import { callEndpoint } from '../../../lib/api-client';

/** PUT /api/workspaces/{id}/invitations/resend with invitedUserEmails[] (spec 002 §7). */
export const resendInvitations = (workspaceId: string, invitedUserEmails: string[]): Promise<unknown> =>
  callEndpoint('invitations.resend', {
    params: { workspaceId },
    body: { invitedUserEmails } satisfies InvitedEmailsBody,
  });
