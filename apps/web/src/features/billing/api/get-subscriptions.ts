import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubscriptionV1 } from '@mergedesk/domain/api/billing';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET …/subscriptions/v1?includePlans&retrieveAdditionalStripeInfo (spec 001 §7): the space's
 * subscriptions, newest first, with their payment plans and the Stripe invoice state.
 */
export const getSubscriptions = (workspaceId: string, signal?: AbortSignal): Promise<SubscriptionV1[]> =>
  callEndpoint('billing.subscriptionsV1', {
    params: { workspaceId },
    query: { includePlans: true, retrieveAdditionalStripeInfo: true },
    signal,
  }).then((list) => list.items);

/** Spec 001 §9: subscriptions are stale after 5 s. */
const getSubscriptionsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.subscriptions(workspaceId),
    queryFn: ({ signal }) => getSubscriptions(workspaceId, signal),
    staleTime: 5000,
  });

/** Spec 001 §6: members are never fetched subscriptions (pass enabled: false). */
export const useSubscriptions = (workspaceId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getSubscriptionsQueryOptions(workspaceId), enabled: options.enabled ?? true });

/**
 * The subscription the billing page shows: the ACTIVE one. A cancelled one is history, never the
 * current plan: the space is on Free and can buy again (issue 22).
 */
export const currentSubscription = (items: readonly SubscriptionV1[] | undefined): SubscriptionV1 | null =>
  items?.find((item) => item.subscriptionStatus === 'ACTIVE') ?? null;
