import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SeatRemovalBody } from '@mergedesk/domain/api/billing';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type Ids = { workspaceId: string; subscriptionId: string };

const removalBody = (paymentPlanId: string, targetSeatsQuantity: number): SeatRemovalBody => ({
  subscriptionPlanSeats: [{ paymentPlanId, targetSeatsQuantity }],
});

/** POST …/seats/v1/removal-quote: what the renewal costs at the target seat count, and when. */
const getSeatRemovalQuote = (ids: Ids, paymentPlanId: string, target: number, signal?: AbortSignal) =>
  callEndpoint('billing.seatRemovalQuote', {
    params: ids,
    body: removalBody(paymentPlanId, target),
    signal,
  });

/** Spec 001 §9: proration quotes are stale after 5 minutes. */
const getSeatRemovalQuoteQueryOptions = (ids: Ids, paymentPlanId: string, target: number) =>
  queryOptions({
    queryKey: queryKeys.billing.removalQuote(ids.workspaceId, ids.subscriptionId, target),
    queryFn: ({ signal }) => getSeatRemovalQuote(ids, paymentPlanId, target, signal),
    staleTime: 5 * 60_000,
  });

export const useSeatRemovalQuote = (ids: Ids, paymentPlanId: string | null, target: number | null) =>
  useQuery({
    ...getSeatRemovalQuoteQueryOptions(ids, paymentPlanId ?? '', target ?? 0),
    enabled: paymentPlanId !== null && target !== null,
  });

/** POST …/seats/v1/scheduled-removals (spec 001 §7): the removal, applied at the period end. */
const scheduleSeatRemoval = (ids: Ids, paymentPlanId: string, target: number) =>
  callEndpoint('billing.scheduleSeatRemoval', {
    params: ids,
    body: removalBody(paymentPlanId, target),
  });

/** Spec 001 §4: the subscription is invalidated after a removal (and the members' seats). */
export const useScheduleSeatRemoval = (ids: Ids) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentPlanId, target }: { paymentPlanId: string; target: number }) =>
      scheduleSeatRemoval(ids, paymentPlanId, target),
    // Not awaited: the refetched subscription (a removal now scheduled) sends the remove-seats page
    // to billing; awaiting it here let that happen first, and the page's own onSuccess — the
    // navigation with ?checkout=success&seatsRemoved=N — never ran (seen under load in the e2e).
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.billing.all(ids.workspaceId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.seats(ids.workspaceId) });
    },
  });
};
