import type { UserEmailsBody, ValidityResponse } from '@mergedesk/domain/api/members';
import { callEndpoint } from './api-client';

/**
 * POST /api/workspaces/{id}/members with query onlyCheckValidity and body userEmails (spec 002 §7):
 * the legacy team's add, first in the validity-only mode (items of email and errorMsg).
 */
export const addLegacyUsers = (
  workspaceId: string,
  userEmails: string[],
  onlyCheckValidity: boolean,
): Promise<ValidityResponse> =>
  callEndpoint('members.addLegacyUsers', {
    params: { workspaceId },
    query: { onlyCheckValidity },
    body: { userEmails } satisfies UserEmailsBody,
  });
