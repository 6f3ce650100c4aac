import { useMutation, useQuery } from '@tanstack/react-query';
import type { CancellationLicence } from '@mergedesk/domain/api/billing';
import { callEndpoint, isApiErrorStatus } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET …/_ah/api/subscriptions/v1/licence: the signed-in user's licence; null when there is none (404). */
const getCancellationLicence = (signal?: AbortSignal): Promise<CancellationLicence | null> =>
  callEndpoint('billing.cancellationLicence', { signal }).catch((error: unknown) => {
    if (isApiErrorStatus(error, 404)) return null;
    throw error;
  });

export const useCancellationLicence = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.billing.cancellationLicence(),
    queryFn: ({ signal }) => getCancellationLicence(signal),
    enabled,
  });

/** POST /_ah/api/subscriptions/v1/cancelAutoRenewal {subscriptionId} (spec 001 §7; the answer is not read). */
const cancelAutoRenewal = (subscriptionId: string) =>
  callEndpoint('billing.cancelAutoRenewal', { body: { subscriptionId } });

export const useCancelAutoRenewal = () => useMutation({ mutationFn: cancelAutoRenewal });
