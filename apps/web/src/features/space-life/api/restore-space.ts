import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST /api/v1/deleted-workspaces/{id}/restore (issue 21): the owner restores a deleted space. */
const restoreSpace = (workspaceId: string): Promise<{ success: boolean }> =>
  callEndpoint('spaceLife.restore', { params: { id: workspaceId } });

/** On success the user's spaces and the deleted ones are asked again. */
export const useRestoreSpace = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreSpace,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.deletedWorkspaces() }),
      ]),
  });
};
