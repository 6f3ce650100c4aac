import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@mergedesk/domain/api/users';
import { ME_RETRY_COUNT, ME_RETRY_DELAY_MS, ME_STALE_TIME_MS } from '@mergedesk/domain/session/constants';
import { callEndpoint, isApiErrorStatus } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session-context';
import { queryKeys } from '../../../lib/query-keys';

const getCurrentUser = (signal?: AbortSignal): Promise<CurrentUser> =>
  callEndpoint('users.me', { query: { includeWorkspaces: true }, signal });

/**
 * Spec 000 §4 "The me request": on 401 the session is refreshed and the request made again; a
 * 404 (no account for this Google identity) and a second 401 are final. (The session provider
 * turns a final failure into the 'no-user' state or a cleared session.)
 */
async function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  try {
    return await getCurrentUser(signal);
  } catch (error) {
    if (isApiErrorStatus(error, 401) && (await refreshSession())) return getCurrentUser(signal);
    throw error;
  }
}

/** Retries once after 500 ms — except a 401 (already refreshed above) and a 404 (no account). */
const shouldRetryCurrentUser = (failureCount: number, error: unknown): boolean =>
  failureCount < ME_RETRY_COUNT && !isApiErrorStatus(error, 401, 404);

export const getCurrentUserQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentUser(),
    queryFn: ({ signal }) => fetchCurrentUser(signal),
    staleTime: ME_STALE_TIME_MS,
    // Spec 000 §4: the me query does not refetch on mount and does not otherwise retry.
    refetchOnMount: false,
    retry: shouldRetryCurrentUser,
    retryDelay: ME_RETRY_DELAY_MS,
  });

/** The signed-in user with `userWorkspaces` (loaded by the session before signed-in pages render). */
export function useCurrentUser(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getCurrentUserQueryOptions(), enabled: options.enabled ?? true });
}
