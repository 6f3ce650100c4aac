import { BILLING_MESSAGES } from '@mergedesk/domain/billing/messages';
import { canAccessBilling } from '@mergedesk/domain/roles/permissions';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { membershipOf, userOf, type SpaceAccess } from '../../lib/access';
import { errorResponses } from '../../lib/openapi';

export const billingTags = ['billing'];

/**
 * Spec 001 §6: billing is for ADMIN and OWNER in per-user spaces, the OWNER only in per-seat
 * spaces (canAccessBilling); members are never given subscriptions.
 */
export const billingAccess: SpaceAccess = {
  from: { param: 'workspaceId' },
  role: 'ADMIN',
  capability: { rule: canAccessBilling, message: BILLING_MESSAGES.FORBIDDEN },
};

/** The signed-in caller and their membership of the space a billing call is about. */
export const callerOf = (request: FastifyRequest) => ({
  user: userOf(request),
  membership: membershipOf(request),
});

/**
 * The options of a route about one space's billing: signed in, billingAccess, documented under
 * billing with the usual error answers unless `response` names others.
 */
export const spaceBillingRoute = (
  summary: string,
  response: Record<number, z.ZodType> = errorResponses(400, 401, 403, 404),
) => ({
  config: { access: 'user' as const, space: billingAccess },
  schema: { tags: billingTags, summary, response },
});
