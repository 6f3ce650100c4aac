import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartMergeBody } from '@mergedesk/domain/api/sending';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/addon/merges (merges.start, issue 24) → 202 { campaignId } or { scheduledCampaignId }.
 * The Idempotency-Key is the composed merge's (kept in its saved state): a double click or a retry
 * after a lost answer starts the merge once (docs/decisions/349-idempotency-keys.md).
 */
const startMerge = (body: StartMergeBody, idempotencyKey: string) =>
  callEndpoint('merges.start', { body, headers: { 'Idempotency-Key': idempotencyKey } });

export const useStartMerge = (workspaceId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: StartMergeBody; idempotencyKey: string }) =>
      startMerge(body, idempotencyKey),
    // The new merge shows in Sent or Scheduled like every other.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sentCampaigns.all(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.scheduledCampaigns.all(workspaceId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.scheduledCount(workspaceId) }),
      ]),
  });
};
