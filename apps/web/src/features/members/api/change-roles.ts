import type { ChangeRoleBody } from '@mergedesk/domain/api/members';
import { api } from '../../../lib/api-client';

/** PUT /api/workspaces/{workspaceId}/members/change-role with memberRoles[] (spec 002 §7). */
export const changeRoles = (workspaceId: string, body: ChangeRoleBody): Promise<unknown> =>
  api.put('/workspaces/:workspaceId/members/change-role', { params: { workspaceId }, body });
