import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatFilterBy } from '@mergedesk/domain/api/list-filters';
import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { Member } from '@mergedesk/domain/api/members';
import { MEMBERS_STALE_TIME_MS } from '@mergedesk/domain/session/constants';
import { callEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/** Spec 002 §7: the owner lookup is the members list with filterBy userRole:OWNER and limit 1. */
export const OWNER_LOOKUP_QUERY: ListQuery = { filterBy: formatFilterBy({ userRole: 'OWNER' }), limit: 1 };

/**
 * The space owner's member row, for the "ask the owner" texts of the unsubscription and bounce
 * pages (spec 002 §2.3, §2.4). Shared by both features, which cannot import features/members; its
 * key starts with the members list's, so a change to the members refreshes it too.
 */
const getSpaceOwner = async (workspaceId: string, signal?: AbortSignal): Promise<Member | null> => {
  const list = await callEndpoint('members.list', {
    params: { workspaceId },
    query: OWNER_LOOKUP_QUERY,
    signal,
  });
  return list.items[0] ?? null;
};

const getSpaceOwnerQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.members.owner(workspaceId, OWNER_LOOKUP_QUERY),
    queryFn: ({ signal }) => getSpaceOwner(workspaceId, signal),
    staleTime: MEMBERS_STALE_TIME_MS,
  });

export const useSpaceOwner = (workspaceId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getSpaceOwnerQueryOptions(workspaceId), enabled: options.enabled ?? true });
