import { useMutation } from '@tanstack/react-query';
import type {
  CheckoutSessionResponse,
  CheckoutSessionV1Body,
  CheckoutSessionV2Body,
} from '@mergedesk/domain/api/billing';
import { BILLING_PATHS } from '@mergedesk/domain/api/billing-paths';
import { api } from '../../../lib/api-client';
import { billingApiPath } from './billing-path';

/** The v2 (per-seat) body carries seat quantities; the v1 (per-user) body the paid users' ids. */
export type CheckoutSessionBody =
  { version: 'v2'; body: CheckoutSessionV2Body } | { version: 'v1'; body: CheckoutSessionV1Body };

/**
 * POST …/stripe/checkout/v1|v2/session (spec 001 §7): a purchase; the answer carries the address of
 * the provider's hosted card page.
 */
export const createCheckoutSession = (workspaceId: string, { version, body }: CheckoutSessionBody) =>
  api.post<CheckoutSessionResponse>(
    billingApiPath(version === 'v1' ? BILLING_PATHS.checkoutSessionV1 : BILLING_PATHS.checkoutSessionV2, {
      workspaceId,
    }),
    { body },
  );

export const useCreateCheckoutSession = (workspaceId: string) =>
  useMutation({ mutationFn: (request: CheckoutSessionBody) => createCheckoutSession(workspaceId, request) });
