import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentPlan } from '@mergedesk/domain/api/billing';
import type { Currency } from '@mergedesk/domain/billing/prices';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /workspace-billing/payment-plans/v1 (spec 001 §7): the prices of one currency. */
const getPaymentPlans = (currency: Currency, signal?: AbortSignal): Promise<PaymentPlan[]> =>
  callEndpoint('billing.paymentPlans', { query: { currency }, signal }).then((list) => list.items);

/** Spec 001 §9: payment plans are cached for 30 s. */
const getPaymentPlansQueryOptions = (currency: Currency) =>
  queryOptions({
    queryKey: queryKeys.billing.paymentPlans(currency),
    queryFn: ({ signal }) => getPaymentPlans(currency, signal),
    staleTime: 30_000,
  });

export const usePaymentPlans = (currency: Currency) => useQuery(getPaymentPlansQueryOptions(currency));
