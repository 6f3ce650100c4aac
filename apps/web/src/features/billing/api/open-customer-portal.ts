import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/**
 * GET …/stripe/customer/v1/portal?returnUrl (spec 001 §7): a one-time portal address, so it is
 * asked for on the click and never cached ("never stale"); only for STRIPE subscriptions.
 */
const getCustomerPortalUrl = (workspaceId: string, returnUrl: string): Promise<string> =>
  callEndpoint('billing.customerPortal', { params: { workspaceId }, query: { returnUrl } }).then(
    (portal) => portal.url,
  );

export const useCustomerPortal = (workspaceId: string) =>
  useMutation({ mutationFn: (returnUrl: string) => getCustomerPortalUrl(workspaceId, returnUrl) });
