import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { scheduledCampaignsQueryKey } from './get-scheduled-campaigns';
import { scheduledCountQueryKey } from './get-scheduled-count';

/** DELETE /api/v1/users/me/scheduledCampaigns/{scheduledMergeId} (spec 002 §7). */
export const cancelScheduledCampaign = (scheduledMergeId: string): Promise<unknown> =>
  api.delete<unknown>('/v1/users/me/scheduledCampaigns/:scheduledMergeId', { params: { scheduledMergeId } });

/** Spec 002 §4.1 "Cancel": on success the list (and the scheduled counter) is refreshed. */
export const useCancelScheduledCampaign = (workspaceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelScheduledCampaign,
    onSuccess: (_data, scheduledMergeId) => {
      queryClient.removeQueries({ queryKey: ['scheduled-campaign', scheduledMergeId] });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: scheduledCampaignsQueryKey(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: scheduledCountQueryKey(workspaceId) }),
      ]);
    },
  });
};
