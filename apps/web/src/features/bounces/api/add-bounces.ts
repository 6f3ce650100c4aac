import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddBouncesBody, AddBouncesResponse } from '@mergedesk/domain/api/bounces';
import { api } from '../../../lib/api-client';
import { bouncesQueryKey } from './get-bounces';

/** POST /api/v1/users/workspace-activation-add-bounces/me → { updated } (spec 002 §7). */
export const addBounces = (body: AddBouncesBody): Promise<AddBouncesResponse> =>
  api.post<AddBouncesResponse>('/v1/users/workspace-activation-add-bounces/me', { body });

export const useAddBounces = (workspaceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailAddresses: string[]) => addBounces({ emailAddresses, workspaceId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bouncesQueryKey(workspaceId) }),
  });
};
