import type { BillingPath } from '@mergedesk/domain/api/billing';
import { billingPath } from '@mergedesk/domain/api/billing-paths';

/** A billing path of spec 001 §7 relative to the API client's /api base, with its ids filled. */
export const billingApiPath = (
  path: BillingPath,
  ids: { workspaceId?: string; subscriptionId?: string } = {},
) => billingPath(path, ids).replace(/^\/api/, '');
