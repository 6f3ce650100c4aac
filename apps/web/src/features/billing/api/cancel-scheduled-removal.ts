import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE …/seats/v1/scheduled-removals (spec 001 §7): 'Cancel downgrade' (owner only). */
const cancelScheduledRemoval = (workspaceId: string, subscriptionId: string) =>
  callEndpoint('billing.cancelSeatRemoval', { params: { workspaceId, subscriptionId } });

export const useCancelScheduledRemoval = (workspaceId: string, subscriptionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelScheduledRemoval(workspaceId, subscriptionId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.billing.all(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.seats(workspaceId) }),
      ]),
  });
};
