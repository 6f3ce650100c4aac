import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignSending } from '@mergedesk/domain/api/sending';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** POST …/campaigns/{id}/cancel-sending (merges.cancel, issue 24): nothing more leaves once it answers. */
const cancelSending = (campaignId: string): Promise<CampaignSending> =>
  callEndpoint('merges.cancel', { params: { id: campaignId } });

/** POST …/campaigns/{id}/resend-failed (merges.resendFailed, issue 24): only the failed are queued again. */
const resendFailed = (campaignId: string): Promise<CampaignSending> =>
  callEndpoint('merges.resendFailed', { params: { id: campaignId } });

/**
 * Both actions answer the merge's new sending state: the panel shows it at once, and the merge's
 * detail and recipients (their delivery changes) are asked again.
 */
function useSendingAction(campaignId: string, action: (campaignId: string) => Promise<CampaignSending>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => action(campaignId),
    onSuccess: (sending) => {
      queryClient.setQueryData(queryKeys.sentCampaign.sending(campaignId), sending);
      return queryClient.invalidateQueries({
        queryKey: queryKeys.sentCampaign.detail(campaignId),
        predicate: (query) => query.queryKey[2] !== 'sending',
      });
    },
  });
}

export const useCancelSending = (campaignId: string) => useSendingAction(campaignId, cancelSending);
export const useResendFailed = (campaignId: string) => useSendingAction(campaignId, resendFailed);
