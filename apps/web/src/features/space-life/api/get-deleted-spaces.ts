import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeletedWorkspaceList } from '@mergedesk/domain/api/space-life';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/deleted-workspaces (issue 21): spaces the signed-in user was in, deleted, not yet erased. */
export const getDeletedSpacesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.deletedWorkspaces(),
    queryFn: () => api.get<DeletedWorkspaceList>('/v1/deleted-workspaces'),
    staleTime: 60_000,
  });

export const useDeletedSpaces = () => useQuery(getDeletedSpacesQueryOptions());
