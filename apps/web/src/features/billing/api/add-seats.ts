import { useMutation } from '@tanstack/react-query';
import type { AddSeatsBody, PaymentIntentSecret, SeatsChangeResponse } from '@mergedesk/domain/api/billing';
import { BILLING_PATHS } from '@mergedesk/domain/api/billing-paths';
import { api } from '../../../lib/api-client';
import { billingApiPath } from './billing-path';

type Ids = { workspaceId: string; subscriptionId: string };

/** POST …/subscriptions/v2/{subId}/seats/v1 (spec 001 §7): buys seats at the prorated price. */
export const addSeats = (ids: Ids, body: AddSeatsBody) =>
  api.post<SeatsChangeResponse>(billingApiPath(BILLING_PATHS.seats, ids), { body });

export const useAddSeats = (ids: Ids) =>
  useMutation({ mutationFn: (body: AddSeatsBody) => addSeats(ids, body) });

/**
 * GET …/latest-invoice/v1/payment-intent (spec 001 §4 "fetch a client secret"): the latest
 * invoice's payment, with the address of its 3-D Secure challenge while it requires action.
 */
export const getPaymentIntent = (ids: Ids) =>
  api.get<PaymentIntentSecret>(billingApiPath(BILLING_PATHS.paymentIntentSecret, ids));
