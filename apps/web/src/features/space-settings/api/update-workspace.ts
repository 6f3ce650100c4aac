import { useMutation } from '@tanstack/react-query';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { callEndpoint } from '../../../lib/api-client';

export type UpdateWorkspaceBody = { workspaceName: string; memberInviteUser?: boolean };

/**
 * PUT /api/v1/workspaces/{id} with workspaceName and memberInviteUser (spec 002 §7): renames the
 * space (owner only; the server validates the name with the same domain rule).
 */
const updateWorkspace = (workspaceId: string, body: UpdateWorkspaceBody): Promise<Workspace> =>
  callEndpoint('workspaces.update', { params: { id: workspaceId }, body });

/** The caller refreshes the space and the current user (both show the name) once it succeeds. */
export const useUpdateWorkspace = (workspaceId: string) =>
  useMutation({ mutationFn: (body: UpdateWorkspaceBody) => updateWorkspace(workspaceId, body) });
