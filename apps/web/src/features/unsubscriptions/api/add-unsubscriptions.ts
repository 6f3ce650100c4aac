import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddUnsubscriptionsBody,
  AddUnsubscriptionsResponse,
} from '@mergedesk/domain/api/unsubscriptions';
import { api } from '../../../lib/api-client';
import { unsubscriptionsQueryKey } from './get-unsubscriptions';

/** POST /api/v1/users/workspace-activation-add-unsubscriptions/me → { updated } (spec 002 §7). */
export const addUnsubscriptions = (body: AddUnsubscriptionsBody): Promise<AddUnsubscriptionsResponse> =>
  api.post<AddUnsubscriptionsResponse>('/v1/users/workspace-activation-add-unsubscriptions/me', { body });

export const useAddUnsubscriptions = (workspaceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailAddresses: string[]) => addUnsubscriptions({ emailAddresses, workspaceId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: unsubscriptionsQueryKey(workspaceId) }),
  });
};
