import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PromoteValidityResponse } from '@mergedesk/domain/api/members';
import { MEMBERS_STALE_TIME_MS } from '@mergedesk/domain/session/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/workspaces/{id}/members/promote-validity (spec 002 §7): "Items; empty list on error". */
const getPromoteValidity = async (
  workspaceId: string,
  signal?: AbortSignal,
): Promise<PromoteValidityResponse['items']> => {
  try {
    const response = await callEndpoint('members.promoteValidity', {
      params: { workspaceId },
      signal,
    });
    return response.items;
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
};

const getPromoteValidityQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.members.promoteValidity(workspaceId),
    queryFn: ({ signal }) => getPromoteValidity(workspaceId, signal),
    staleTime: MEMBERS_STALE_TIME_MS,
  });

export const usePromoteValidity = (workspaceId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getPromoteValidityQueryOptions(workspaceId), enabled: options.enabled ?? true });
