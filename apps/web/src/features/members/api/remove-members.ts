import { callEndpoint } from '../../../lib/api-client';

/** DELETE /api/workspaces/{workspaceId}/members with userIds[]: removes users of a per-user space (spec 002 §7). */
export const removeMembers = (workspaceId: string, userIds: string[]): Promise<unknown> =>
  callEndpoint('members.remove', { params: { workspaceId }, body: { userIds } });
