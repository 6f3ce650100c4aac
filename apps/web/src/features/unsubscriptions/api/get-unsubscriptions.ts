import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { UnsubscriptionList } from '@mergedesk/domain/api/unsubscriptions';
import { LIST_STALE_TIME_MS } from '@mergedesk/domain/campaigns/constants';
import { EXPORT_LIMIT } from '@mergedesk/domain/exports/file-names';
import { api } from '../../../lib/api-client';

/** GET /api/v1/users/me/workspaces/{id}/unsubscriptions with the list parameters (spec 002 §7). */
export const getUnsubscriptions = (
  workspaceId: string,
  query: ListQuery,
  signal?: AbortSignal,
): Promise<UnsubscriptionList> =>
  api.get<UnsubscriptionList>('/v1/users/me/workspaces/:workspaceId/unsubscriptions', {
    params: { workspaceId },
    query,
    signal,
  });

/** The key of every page of a space's list: mutations invalidate it whole. */
export const unsubscriptionsQueryKey = (workspaceId: string) => ['unsubscriptions', workspaceId] as const;

/** Spec 002 §9: list cache stale time 1 s. */
export const getUnsubscriptionsQueryOptions = (workspaceId: string, query: ListQuery) =>
  queryOptions({
    queryKey: [...unsubscriptionsQueryKey(workspaceId), query],
    queryFn: ({ signal }) => getUnsubscriptions(workspaceId, query, signal),
    staleTime: LIST_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });

export const useUnsubscriptions = (workspaceId: string, query: ListQuery) =>
  useQuery(getUnsubscriptionsQueryOptions(workspaceId, query));

/** Spec 002 §7 "Exports fetch everything with a limit of 30000", in the table's order. */
export const getAllUnsubscriptions = (workspaceId: string, sortBy: string | undefined) =>
  getUnsubscriptions(workspaceId, { sortBy, limit: EXPORT_LIMIT, limitOffset: 0 });
