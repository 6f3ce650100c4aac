import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckoutOutcome } from '@mergedesk/domain/api/billing';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Asked again every 2 s while Stripe has not confirmed the payment, at most this many times. */
const PENDING_ATTEMPTS = 10;
const PENDING_INTERVAL_MS = 2000;

/**
 * GET …/stripe/checkout/v1/outcome?sessionId (ours, issue 22): what became of the Checkout Session
 * the billing page returned from — no success banner before Stripe confirms.
 */
const getCheckoutOutcome = (
  workspaceId: string,
  sessionId: string,
  signal?: AbortSignal,
): Promise<CheckoutOutcome> =>
  callEndpoint('billing.checkoutOutcome', {
    params: { workspaceId },
    query: { sessionId },
    signal,
  });

const getCheckoutOutcomeQueryOptions = (workspaceId: string, sessionId: string) =>
  queryOptions({
    queryKey: queryKeys.billing.checkoutOutcome(workspaceId, sessionId),
    queryFn: ({ signal }) => getCheckoutOutcome(workspaceId, sessionId, signal),
    staleTime: Infinity,
    refetchInterval: (query) =>
      query.state.data?.outcome === 'PENDING' && query.state.dataUpdateCount < PENDING_ATTEMPTS
        ? PENDING_INTERVAL_MS
        : false,
  });

/** Only when the page came back from a checkout (`sessionId` given). */
export const useCheckoutOutcome = (workspaceId: string, sessionId: string | null) =>
  useQuery({ ...getCheckoutOutcomeQueryOptions(workspaceId, sessionId ?? ''), enabled: sessionId !== null });
