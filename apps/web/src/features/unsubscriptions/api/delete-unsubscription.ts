import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { unsubscriptionsQueryKey } from './get-unsubscriptions';

/** DELETE /api/v1/users/workspace-activation-delete-unsubscriptions/me/{workspaceId}/{emailAddress}. */
export const deleteUnsubscription = (workspaceId: string, emailAddress: string): Promise<unknown> =>
  api.delete<unknown>('/v1/users/workspace-activation-delete-unsubscriptions/me/:workspaceId/:emailAddress', {
    params: { workspaceId, emailAddress },
  });

export const useDeleteUnsubscription = (workspaceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailAddress: string) => deleteUnsubscription(workspaceId, emailAddress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unsubscriptionsQueryKey(workspaceId) }),
  });
};
