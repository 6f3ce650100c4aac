import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, isApiErrorStatus } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** DELETE /api/v1/users/me/scheduledCampaigns/{scheduledMergeId} (spec 002 §7). */
const cancelScheduledCampaign = (scheduledMergeId: string): Promise<unknown> =>
  callEndpoint('scheduledCampaigns.cancel', { params: { scheduledMergeId } });

/**
 * Spec 002 §4.1 "Cancel": on success the list (and the scheduled counter) is refreshed. A 404 (the
 * merge is gone: cancelled elsewhere, or sent) refreshes them too, since the list still shows it.
 */
export const useCancelScheduledCampaign = (workspaceId: string) => {
  const queryClient = useQueryClient();
  const refresh = (scheduledMergeId: string) => {
    queryClient.removeQueries({ queryKey: queryKeys.scheduledCampaign(scheduledMergeId) });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.scheduledCampaigns.all(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.scheduledCount(workspaceId) }),
    ]);
  };
  return useMutation({
    mutationFn: cancelScheduledCampaign,
    onSuccess: (_data, scheduledMergeId) => refresh(scheduledMergeId),
    onError: (error, scheduledMergeId) =>
      isApiErrorStatus(error, 404) ? refresh(scheduledMergeId) : undefined,
  });
};
