import type { UserEmailsBody } from '@mergedesk/domain/api/members';
import { failedToRemoveMessage, MEMBER_MESSAGES } from '@mergedesk/domain/members/messages';
import { callEndpoint } from '../../../lib/api-client';

/**
 * PATCH /api/workspaces/{id}/users/v1 with userEmails[] removes members (spec 002 §7). Spec 002 §5:
 * a workspace id and a non-empty list are required, and success false is 'Failed to remove {email}
 * from the space'.
 */
export async function removeSeatMembers(workspaceId: string, userEmails: string[]): Promise<void> {
  if (!workspaceId) throw new Error(MEMBER_MESSAGES.WORKSPACE_ID_REQUIRED);
  if (userEmails.length === 0) throw new Error(MEMBER_MESSAGES.USER_EMAILS_REQUIRED);
  const response = await callEndpoint('members.removeSeatMembers', {
    params: { workspaceId },
    body: { userEmails } satisfies UserEmailsBody,
  });
  if (!response.success) throw new Error(failedToRemoveMessage(userEmails.join(', ')));
}
