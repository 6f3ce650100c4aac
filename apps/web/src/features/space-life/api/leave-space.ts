import { useMutation } from '@tanstack/react-query';
import type { LeaveWorkspaceResponse } from '@mergedesk/domain/api/space-life';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/v1/workspaces/{id}/leave (issue 21): the signed-in member leaves the space. */
const leaveSpace = (workspaceId: string): Promise<LeaveWorkspaceResponse> =>
  callEndpoint('spaceLife.leave', { params: { id: workspaceId } });

export const useLeaveSpace = (workspaceId: string) =>
  useMutation({ mutationFn: () => leaveSpace(workspaceId) });
