import type { GiveSeatsResponse } from '@mergedesk/domain/api/members';
import { callEndpoint } from '../../../lib/api-client';

/** PUT /api/workspaces/{workspaceId}/members/seats with userIds[] (ours, issue 21): give free members a seat. */
export const giveSeats = (workspaceId: string, userIds: string[]): Promise<GiveSeatsResponse> =>
  callEndpoint('members.giveSeats', {
    params: { workspaceId },
    body: { userIds },
  });
