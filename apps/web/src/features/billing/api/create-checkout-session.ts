import { useMutation } from '@tanstack/react-query';
import type { CheckoutSessionResponse, CheckoutSessionV2Body } from '@mergedesk/domain/api/billing';
import { BILLING_PATHS } from '@mergedesk/domain/api/billing';
import { api } from '../../../lib/api-client';
import { billingApiPath } from './billing-path';

/**
 * POST …/stripe/checkout/v2/session (spec 001 §7): the per-seat purchase; the answer carries the
 * address of the provider's hosted card page.
 */
export const createCheckoutSession = (workspaceId: string, body: CheckoutSessionV2Body) =>
  api.post<CheckoutSessionResponse>(billingApiPath(BILLING_PATHS.checkoutSessionV2, { workspaceId }), {
    body,
  });

export const useCreateCheckoutSession = (workspaceId: string) =>
  useMutation({ mutationFn: (body: CheckoutSessionV2Body) => createCheckoutSession(workspaceId, body) });
