import { useMutation } from '@tanstack/react-query';
import type { LeaveWorkspaceResponse } from '@mergedesk/domain/api/space-life';
import { api } from '../../../lib/api-client';

/** POST /api/v1/workspaces/{id}/leave (issue 21): the signed-in member leaves the space. */
export const leaveSpace = (workspaceId: string): Promise<LeaveWorkspaceResponse> =>
  api.post<LeaveWorkspaceResponse>('/v1/workspaces/:id/leave', { params: { id: workspaceId } });

export const useLeaveSpace = (workspaceId: string) =>
  useMutation({ mutationFn: () => leaveSpace(workspaceId) });
