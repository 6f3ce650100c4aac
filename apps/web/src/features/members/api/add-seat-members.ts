import type { AddMembersResponse, UserEmailsBody } from '@mergedesk/domain/api/members';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/workspaces/{id}/users/v1 with userEmails[] (spec 002 §7): success and results[]. */
export const addSeatMembers = (workspaceId: string, userEmails: string[]): Promise<AddMembersResponse> =>
  callEndpoint('members.addSeatMembers', {
    params: { workspaceId },
    body: { userEmails } satisfies UserEmailsBody,
  });
