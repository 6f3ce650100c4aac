import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentInfo, PaymentPreviewRequest } from '@mergedesk/domain/api/billing';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** v2 prices per seat; v1 is the per-user (legacy) model, priced by the users made paid. */
export type BillingModelVersion = 'v1' | 'v2';

const INFO_ENDPOINTS = { v1: 'billing.checkoutInfoV1', v2: 'billing.checkoutInfoV2' } as const;

/**
 * POST …/stripe/checkout/v1|v2/info (spec 001 §7): what a purchase or a change costs, with tax;
 * previewProratedChanges asks for what is charged today for a change of the running subscription.
 */
const getCheckoutPreview = (
  workspaceId: string,
  request: PaymentPreviewRequest,
  previewProratedChanges: boolean,
  signal?: AbortSignal,
  version: BillingModelVersion = 'v2',
): Promise<PaymentInfo> =>
  callEndpoint(INFO_ENDPOINTS[version], {
    params: { workspaceId },
    query: previewProratedChanges ? { previewProratedChanges: true } : {},
    body: request,
    signal,
  });

/** Spec 001 §9: previews are stale after 5 minutes. The last answer stays while the next loads. */
const getCheckoutPreviewQueryOptions = (
  workspaceId: string,
  request: PaymentPreviewRequest,
  previewProratedChanges = false,
  version: BillingModelVersion = 'v2',
) =>
  queryOptions({
    queryKey: queryKeys.billing.preview(workspaceId, { request, previewProratedChanges, version }),
    queryFn: ({ signal }) =>
      getCheckoutPreview(workspaceId, request, previewProratedChanges, signal, version),
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

export const useCheckoutPreview = (
  workspaceId: string,
  request: PaymentPreviewRequest | null,
  previewProratedChanges = false,
  version: BillingModelVersion = 'v2',
) =>
  useQuery({
    ...getCheckoutPreviewQueryOptions(
      workspaceId,
      request ?? { country: 'US', purchaseType: 'B2C', billingInterval: 'YEARLY', workspacePlan: 'PRO' },
      previewProratedChanges,
      version,
    ),
    enabled: request !== null,
  });
