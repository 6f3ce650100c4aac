import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { bouncesQueryKey } from './get-bounces';

/** DELETE /api/v1/users/workspace-activation-delete-bounces/me/{workspaceId}/{emailAddress}. */
export const deleteBounce = (workspaceId: string, emailAddress: string): Promise<unknown> =>
  api.delete<unknown>('/v1/users/workspace-activation-delete-bounces/me/:workspaceId/:emailAddress', {
    params: { workspaceId, emailAddress },
  });

export const useDeleteBounce = (workspaceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailAddress: string) => deleteBounce(workspaceId, emailAddress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bouncesQueryKey(workspaceId) }),
  });
};
