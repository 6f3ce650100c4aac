import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RolloutStatus } from '@mergedesk/domain/api/users';
import { ME_STALE_TIME_MS } from '@mergedesk/domain/session/constants';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Spec 000 §7: the rollout status of the signed-in user, with the spec's fixed query. */
const getRolloutStatus = (signal?: AbortSignal): Promise<RolloutStatus> =>
  callEndpoint('users.rolloutStatus', {
    query: {
      checkIsRegistered: true,
      includeUserV1: false,
      includeUserV2: true,
      includeUserV2Workspace: false,
      includeFBData: false,
    },
    signal,
  });

const getRolloutStatusQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.rolloutStatus(),
    queryFn: ({ signal }) => getRolloutStatus(signal),
    // Not given by the spec; it changes as rarely as the user profile, so it shares its stale time.
    staleTime: ME_STALE_TIME_MS,
  });

export function useRolloutStatus(options: { enabled?: boolean } = {}) {
  return useQuery({ ...getRolloutStatusQueryOptions(), enabled: options.enabled ?? true });
}
