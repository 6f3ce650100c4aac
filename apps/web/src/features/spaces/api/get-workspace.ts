import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/workspaces/{id}: the space details (404 for non-members). */
const getWorkspace = (workspaceId: string, signal?: AbortSignal): Promise<Workspace> =>
  callEndpoint('workspaces.get', {
    params: { id: workspaceId },
    query: { includeDomains: true, includeFeatures: true, includeMembersCount: true },
    signal,
  });

const getWorkspaceQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.workspaces.detail(workspaceId),
    queryFn: ({ signal }) => getWorkspace(workspaceId, signal),
  });

/**
 * The selected space's details. Spec 000 §4 "Workspace status DISABLED": for a disabled member the
 * details are not fetched (pass enabled: false).
 */
export const useWorkspace = (workspaceId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getWorkspaceQueryOptions(workspaceId), enabled: options.enabled ?? true });
