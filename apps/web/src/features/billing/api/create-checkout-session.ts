import { useMutation } from '@tanstack/react-query';
import type { CheckoutSessionV1Body, CheckoutSessionV2Body } from '@mergedesk/domain/api/billing';
import { callEndpoint } from '../../../lib/api-client';

/** The v2 (per-seat) body carries seat quantities; the v1 (per-user) body the paid users' ids. */
export type CheckoutSessionBody =
  { version: 'v2'; body: CheckoutSessionV2Body } | { version: 'v1'; body: CheckoutSessionV1Body };

/**
 * POST …/stripe/checkout/v1|v2/session (spec 001 §7): a purchase; the answer carries the address of
 * the provider's hosted card page.
 */
const createCheckoutSession = (workspaceId: string, { version, body }: CheckoutSessionBody) =>
  version === 'v1'
    ? callEndpoint('billing.checkoutSessionV1', { params: { workspaceId }, body })
    : callEndpoint('billing.checkoutSessionV2', { params: { workspaceId }, body });

export const useCreateCheckoutSession = (workspaceId: string) =>
  useMutation({ mutationFn: (request: CheckoutSessionBody) => createCheckoutSession(workspaceId, request) });
