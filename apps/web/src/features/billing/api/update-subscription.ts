import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateSubscriptionBody } from '@mergedesk/domain/api/billing';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * PUT …/subscriptions/v1/{subId} (spec 001 §7): a plan or interval change, or
 * cancelScheduledBillingIntervalChange. Spec 001 §4: on success the space and the current user are
 * refreshed (the caller's refreshSpace), and the subscription here.
 */
const updateSubscription = (workspaceId: string, subscriptionId: string, body: UpdateSubscriptionBody) =>
  callEndpoint('billing.updateSubscription', {
    params: { workspaceId, subscriptionId },
    body,
  });

export const useUpdateSubscription = (workspaceId: string, subscriptionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSubscriptionBody) => updateSubscription(workspaceId, subscriptionId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.billing.all(workspaceId) }),
  });
};

/**
 * Whether the change was confirmed (sent or done). The refetched subscription then shows the
 * change just made, so a review must not read it as a refusal. While the page waits for its
 * success navigation, it must not redirect elsewhere.
 */
export const isConfirmed = (update: { isPending: boolean; isSuccess: boolean }): boolean =>
  update.isPending || update.isSuccess;
