import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SendingForecast } from '@mergedesk/domain/api/composer';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/v1/users/me/workspaces/{id}/sending-forecast?count=N[&scheduledAt=ms] (composer.forecast):
 * how many of the merge's recipients go at the start and when the rest go.
 */
const getSendingForecast = (
  workspaceId: string,
  count: number,
  scheduledAt: number | null,
  signal?: AbortSignal,
): Promise<SendingForecast> =>
  callEndpoint('composer.forecast', {
    params: { id: workspaceId },
    query: { count, scheduledAt },
    signal,
  });

/** The quota moves as the sender sends elsewhere: refreshed each half minute while shown. */
const FORECAST_STALE_MS = 30_000;

const getSendingForecastQueryOptions = (workspaceId: string, count: number, scheduledAt: number | null) =>
  queryOptions({
    queryKey: queryKeys.composer.forecast(workspaceId, count, scheduledAt),
    queryFn: ({ signal }) => getSendingForecast(workspaceId, count, scheduledAt, signal),
    staleTime: FORECAST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useSendingForecast = (workspaceId: string, count: number, scheduledAt: number | null) =>
  useQuery({ ...getSendingForecastQueryOptions(workspaceId, count, scheduledAt), enabled: count > 0 });
