import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointResponse } from '@mergedesk/domain/api/endpoint-schemas';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type GmailMeter = EndpointResponse<'merges.gmailMeter'>;

/** Google's bulk-sender threshold is per day: a minute-old meter is fresh enough. */
const GMAIL_METER_STALE_MS = 60_000;

/**
 * GET /api/v1/users/me/workspaces/{id}/gmail-meter (merges.gmailMeter, issue 24): the space's
 * messages to Gmail addresses in 24 h against Google's bulk-sender threshold. Owners only: the
 * page does not ask for it otherwise (`enabled`).
 */
const getGmailMeter = (workspaceId: string, signal?: AbortSignal): Promise<GmailMeter> =>
  callEndpoint('merges.gmailMeter', { params: { id: workspaceId }, signal });

const getGmailMeterQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: queryKeys.gmailMeter(workspaceId),
    queryFn: ({ signal }) => getGmailMeter(workspaceId, signal),
    staleTime: GMAIL_METER_STALE_MS,
  });

export const useGmailMeter = (workspaceId: string, options: { enabled: boolean }) =>
  useQuery({ ...getGmailMeterQueryOptions(workspaceId), enabled: options.enabled });
