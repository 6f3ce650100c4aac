import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWorkspaceBody, Workspace } from '@mergedesk/domain/api/workspaces';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/v1/workspaces (spec 000 §7): the trimmed name, the user id and memberInviteUser=true.
 * Answers 201 with the new space; 400 VALIDATION_FAILED with errors on workspaceName; 403
 * OWNED_SPACES_LIMIT_REACHED.
 */
const createWorkspace = (body: { workspaceName: string; userId: string }): Promise<Workspace> =>
  callEndpoint('workspaces.create', {
    body: { ...body, memberInviteUser: true } satisfies CreateWorkspaceBody,
  });

/** Creating a space invalidates the space details; the caller refreshes the current user. */
export const useCreateWorkspace = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all() }),
  });
};
