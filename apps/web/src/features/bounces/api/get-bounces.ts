import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BounceList } from '@mergedesk/domain/api/bounces';
import type { ListQuery } from '@mergedesk/domain/api/list-query';
import { LIST_STALE_TIME_MS } from '@mergedesk/domain/campaigns/constants';
import { EXPORT_LIMIT } from '@mergedesk/domain/exports/file-names';
import { api } from '../../../lib/api-client';

/** GET /api/v1/users/me/workspaces/{workspaceId}/bounces with the list parameters (spec 002 §7). */
export const getBounces = (
  workspaceId: string,
  query: ListQuery,
  signal?: AbortSignal,
): Promise<BounceList> =>
  api.get<BounceList>('/v1/users/me/workspaces/:workspaceId/bounces', {
    params: { workspaceId },
    query,
    signal,
  });

/** The key of every page of a space's bounce list: mutations invalidate it whole. */
export const bouncesQueryKey = (workspaceId: string) => ['bounces', workspaceId] as const;

/** Spec 002 §9: list cache stale time 1 s. */
export const getBouncesQueryOptions = (workspaceId: string, query: ListQuery) =>
  queryOptions({
    queryKey: [...bouncesQueryKey(workspaceId), query],
    queryFn: ({ signal }) => getBounces(workspaceId, query, signal),
    staleTime: LIST_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });

export const useBounces = (workspaceId: string, query: ListQuery) =>
  useQuery(getBouncesQueryOptions(workspaceId, query));

/** Spec 002 §7: "The export fetches up to 30000", in the table's order. */
export const getAllBounces = (workspaceId: string, sortBy: string | undefined) =>
  getBounces(workspaceId, { sortBy, limit: EXPORT_LIMIT, limitOffset: 0 });
