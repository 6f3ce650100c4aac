import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiErrorStatus } from '../../../lib/api-client';
import { scheduledCampaignsQueryKey } from './get-scheduled-campaigns';
import { scheduledCountQueryKey } from './get-scheduled-count';

/** DELETE /api/v1/users/me/scheduledCampaigns/{scheduledMergeId} (spec 002 §7). */
export const cancelScheduledCampaign = (scheduledMergeId: string): Promise<unknown> =>
  api.delete<unknown>('/v1/users/me/scheduledCampaigns/:scheduledMergeId', { params: { scheduledMergeId } });

/**
 * Spec 002 §4.1 "Cancel": on success the list (and the scheduled counter) is refreshed. A 404 (the
 * merge is gone: cancelled elsewhere, or sent) refreshes them too, since the list still shows it.
 */
export const useCancelScheduledCampaign = (workspaceId: string) => {
  const queryClient = useQueryClient();
  const refresh = (scheduledMergeId: string) => {
    queryClient.removeQueries({ queryKey: ['scheduled-campaign', scheduledMergeId] });
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: scheduledCampaignsQueryKey(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: scheduledCountQueryKey(workspaceId) }),
    ]);
  };
  return useMutation({
    mutationFn: cancelScheduledCampaign,
    onSuccess: (_data, scheduledMergeId) => refresh(scheduledMergeId),
    onError: (error, scheduledMergeId) =>
      isApiErrorStatus(error, 404) ? refresh(scheduledMergeId) : undefined,
  });
};
