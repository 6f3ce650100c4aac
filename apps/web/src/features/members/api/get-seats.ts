import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SpaceSeatsResponse } from '@mergedesk/domain/api/members';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/workspaces/{id}/seats: the subscription's seat info (spec 002 §3 "Subscription seat") and payment source. */
const getSeats = (workspaceId: string, signal?: AbortSignal): Promise<SpaceSeatsResponse> =>
  callEndpoint('members.seats', { params: { workspaceId }, signal });

/** Spec 000 §7: subscriptions are stale after 5 s. */
const getSeatsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.seats(workspaceId),
    queryFn: ({ signal }) => getSeats(workspaceId, signal),
    staleTime: 5000,
  });

export const useSeats = (workspaceId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getSeatsQueryOptions(workspaceId), enabled: options.enabled ?? true });
