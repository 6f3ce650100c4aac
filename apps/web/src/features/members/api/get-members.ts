import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatFilterBy } from '@mergedesk/domain/api/list-filters';
import type { ListQuery } from '@mergedesk/domain/api/list-query';
import type { Member } from '@mergedesk/domain/api/members';
import { MEMBERS_STALE_TIME_MS, UPGRADE_MODAL_MEMBER_LIMIT } from '@mergedesk/domain/session/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type MemberList = { items: Member[]; total: number };

/** GET /api/workspaces/{workspaceId}/members with filterBy, sortBy, limit and limitOffset (spec 000 §7). */
const getMembers = (workspaceId: string, query: ListQuery, signal?: AbortSignal): Promise<MemberList> =>
  callEndpoint('members.list', { params: { workspaceId }, query, signal });

/** Every query of the members list (and the owner lookup) shares this prefix. */

/** Spec 000 §7: cached 1 s, refetched on mount, enabled only when a limit is given. */
const getMembersQueryOptions = (workspaceId: string, query: ListQuery) =>
  queryOptions({
    queryKey: queryKeys.members.page(workspaceId, query),
    queryFn: ({ signal }) => getMembers(workspaceId, query, signal),
    staleTime: MEMBERS_STALE_TIME_MS,
    refetchOnMount: true,
    enabled: query.limit != null,
  });

export const useMembers = (workspaceId: string, query: ListQuery, options: { enabled?: boolean } = {}) =>
  useQuery({
    ...getMembersQueryOptions(workspaceId, query),
    enabled: query.limit != null && (options.enabled ?? true),
  });

export { OWNER_LOOKUP_QUERY } from '../../../lib/space-owner';

/** Spec 000 §9: the upgrade modal lists up to 100 ACTIVE members with role ADMIN or OWNER. */
export const UPGRADE_MODAL_ADMINS_QUERY: ListQuery = {
  filterBy: formatFilterBy({ memberStatus: 'ACTIVE', userRole: ['ADMIN', 'OWNER'] }),
  limit: UPGRADE_MODAL_MEMBER_LIMIT,
};
