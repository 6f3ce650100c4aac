import { callEndpoint } from '../../../lib/api-client';

/** PUT /api/workspaces/{workspaceId}/members/activate with userIds[] (spec 002 §7). */
export const activateMembers = (workspaceId: string, userIds: string[]): Promise<unknown> =>
  callEndpoint('members.activate', { params: { workspaceId }, body: { userIds } });
