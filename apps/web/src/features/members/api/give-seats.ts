import type { GiveSeatsResponse } from '@mergedesk/domain/api/members';
import { api } from '../../../lib/api-client';

/** PUT /api/workspaces/{workspaceId}/members/seats with userIds[] (ours, issue 21): give free members a seat. */
export const giveSeats = (workspaceId: string, userIds: string[]): Promise<GiveSeatsResponse> =>
  api.put<GiveSeatsResponse>('/workspaces/:workspaceId/members/seats', {
    params: { workspaceId },
    body: { userIds },
  });
