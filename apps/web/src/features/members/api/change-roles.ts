import type { ChangeRoleBody } from '@mergedesk/domain/api/members';
import { callEndpoint } from '../../../lib/api-client';

/** PUT /api/workspaces/{workspaceId}/members/change-role with memberRoles[] (spec 002 §7). */
export const changeRoles = (workspaceId: string, body: ChangeRoleBody): Promise<unknown> =>
  callEndpoint('members.changeRoles', { params: { workspaceId }, body });
