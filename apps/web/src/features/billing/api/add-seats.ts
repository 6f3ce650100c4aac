import { useMutation } from '@tanstack/react-query';
import type { AddSeatsBody } from '@mergedesk/domain/api/billing';
import { callEndpoint } from '../../../lib/api-client';

type Ids = { workspaceId: string; subscriptionId: string };

/** POST …/subscriptions/v2/{subId}/seats/v1 (spec 001 §7): buys seats at the prorated price. */
const addSeats = (ids: Ids, body: AddSeatsBody) => callEndpoint('billing.addSeats', { params: ids, body });

export const useAddSeats = (ids: Ids) =>
  useMutation({ mutationFn: (body: AddSeatsBody) => addSeats(ids, body) });

/**
 * GET …/latest-invoice/v1/payment-intent (spec 001 §4 "fetch a client secret"): the latest
 * invoice's payment, with the address of its 3-D Secure challenge while it requires action.
 */
export const getPaymentIntent = (ids: Ids) => callEndpoint('billing.paymentIntentSecret', { params: ids });
