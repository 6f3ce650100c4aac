import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SPACE_LIFE_MESSAGES } from '@mergedesk/domain/spaces/space-life';
import { showAlert } from '../../../lib/alerts';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The space restored, and its name for the confirmation. */
type RestoredSpace = { workspaceId: string; workspaceName: string };

/** POST /api/v1/deleted-workspaces/{id}/restore (issue 21): the owner restores a deleted space. */
const restoreSpace = (space: RestoredSpace): Promise<{ success: boolean }> =>
  callEndpoint('spaceLife.restore', { params: { id: space.workspaceId } });

/**
 * On success 'The space has been restored.' is raised, then the user's spaces and the deleted ones
 * are asked again. The alert is the mutation's own: the banner whose button restored the space
 * goes away with the refetch, and a callback given to `mutate` by it would not run once it has.
 */
export const useRestoreSpace = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreSpace,
    onSuccess: (_data, space) => {
      showAlert({
        kind: 'create',
        tone: 'success',
        title: SPACE_LIFE_MESSAGES.RESTORED,
        description: space.workspaceName,
      });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.deletedWorkspaces() }),
      ]);
    },
  });
};
