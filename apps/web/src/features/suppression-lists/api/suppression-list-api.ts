import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { SuppressionItem } from '@mergedesk/domain/api/suppression-list';
import { LIST_STALE_TIME_MS } from '@mergedesk/domain/campaigns/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { SuppressionListConfig } from '../suppression-lists';

/**
 * The calls of one suppression list (spec 002 §7), at the config's endpoints:
 * - GET    list parameters → { items, total }
 * - GET    …/export?sortBy → text/csv
 * - POST   { emailAddresses, workspaceId } → { updated }
 * - DELETE …/{workspaceId}/{emailAddress}
 */
type SuppressionPage = { items: SuppressionItem[]; total: number };

/** The unsubscription list names its space `:id`, the bounce list `:workspaceId`. */
const spaceParams = (workspaceId: string) => ({ id: workspaceId, workspaceId });

const getSuppressions = (
  config: SuppressionListConfig,
  workspaceId: string,
  query: ListQuery,
  signal?: AbortSignal,
): Promise<SuppressionPage> =>
  callEndpoint(config.endpoints.list, { params: spaceParams(workspaceId), query, signal });

/** Spec 002 §9: list cache stale time 1 s; the previous page stays on screen while the next loads. */
const getSuppressionsQueryOptions = (config: SuppressionListConfig, workspaceId: string, query: ListQuery) =>
  queryOptions({
    queryKey: queryKeys.suppressionList.page(config.list, workspaceId, query),
    queryFn: ({ signal }) => getSuppressions(config, workspaceId, query, signal),
    staleTime: LIST_STALE_TIME_MS,
    placeholderData: keepPreviousData,
  });

export const useSuppressions = (config: SuppressionListConfig, workspaceId: string, query: ListQuery) =>
  useQuery(getSuppressionsQueryOptions(config, workspaceId, query));

/**
 * The list as CSV in the table's order (issue 11): the server writes and streams it, at most 30000
 * rows (spec 002 §9 "Export fetch limit").
 */
export const exportSuppressions = (
  config: SuppressionListConfig,
  workspaceId: string,
  sortBy: string | undefined,
): Promise<string> =>
  callEndpoint(config.endpoints.export, { params: spaceParams(workspaceId), query: { sortBy } });

/** Adds and deletes refresh every page of the space's list. */
function useListMutation<TInput, TResult>(
  config: SuppressionListConfig,
  workspaceId: string,
  mutationFn: (input: TInput) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: queryKeys.suppressionList.all(config.list, workspaceId) }),
  });
}

export const useAddSuppressions = (config: SuppressionListConfig, workspaceId: string) =>
  useListMutation(config, workspaceId, (emailAddresses: string[]) =>
    callEndpoint(config.endpoints.add, { body: { emailAddresses, workspaceId } }),
  );

export const useDeleteSuppression = (config: SuppressionListConfig, workspaceId: string) =>
  useListMutation(config, workspaceId, (emailAddress: string) =>
    callEndpoint(config.endpoints.delete, { params: { workspaceId, emailAddress } }),
  );
