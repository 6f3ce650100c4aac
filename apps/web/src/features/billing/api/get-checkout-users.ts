import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutUsersResponse } from '@mergedesk/domain/api/billing';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET …/stripe/checkout/v1/users: the users of a per-user (legacy model) space with their paid
 * flags and restrictions, and the plan's user limits (spec 001 §3 "Checkout user entry").
 */
const getCheckoutUsers = (workspaceId: string, signal?: AbortSignal): Promise<CheckoutUsersResponse> =>
  callEndpoint('billing.checkoutUsers', { params: { workspaceId }, signal });

/** Stale after 5 s, as the subscriptions they are billed with (spec 001 §9). */
const getCheckoutUsersQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.checkoutUsers(workspaceId),
    queryFn: ({ signal }) => getCheckoutUsers(workspaceId, signal),
    staleTime: 5000,
  });

export const useCheckoutUsers = (workspaceId: string, options: { enabled?: boolean } = {}) =>
  useQuery({ ...getCheckoutUsersQueryOptions(workspaceId), enabled: options.enabled ?? true });
