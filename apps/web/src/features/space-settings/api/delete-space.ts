import { useMutation } from '@tanstack/react-query';
import type { DeletedWorkspace } from '@mergedesk/domain/api/space-life';
import { callEndpoint } from '../../../lib/api-client';

/**
 * DELETE /api/v1/workspaces/{id} with the typed name (issue 21): the owner deletes the space; a live
 * subscription stops renewing first, the data is erased after the grace period.
 */
const deleteSpace = (workspaceId: string, workspaceName: string): Promise<DeletedWorkspace> =>
  callEndpoint('spaceLife.delete', {
    params: { id: workspaceId },
    body: { workspaceName },
  });

export const useDeleteSpace = (workspaceId: string) =>
  useMutation({ mutationFn: (workspaceName: string) => deleteSpace(workspaceId, workspaceName) });
