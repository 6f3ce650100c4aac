import type { AddMembersResponse, UserEmailsBody } from '@mergedesk/domain/api/members';
import { api } from '../../../lib/api-client';

/** POST /api/workspaces/{id}/users/v1 with userEmails[] (spec 002 §7): success and results[]. */
export const addSeatMembers = (workspaceId: string, userEmails: string[]): Promise<AddMembersResponse> =>
  api.post<AddMembersResponse>('/workspaces/:workspaceId/users/v1', {
    params: { workspaceId },
    body: { userEmails } satisfies UserEmailsBody,
  });
