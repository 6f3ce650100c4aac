import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/deleted-workspaces (issue 21): spaces the signed-in user was in, deleted, not yet erased. */
const getDeletedSpacesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.deletedWorkspaces(),
    queryFn: () => callEndpoint('spaceLife.deletedSpaces'),
    staleTime: 60_000,
  });

export const useDeletedSpaces = () => useQuery(getDeletedSpacesQueryOptions());
