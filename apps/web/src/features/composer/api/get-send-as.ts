import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SendAsList } from '@mergedesk/domain/api/composer';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/v1/users/me/gmail/send-as (composer.sendAs): the sender's aliases; none when not connected. */
const getSendAs = (signal?: AbortSignal): Promise<SendAsList> => callEndpoint('composer.sendAs', { signal });

const SEND_AS_STALE_MS = 5 * 60_000;

const getSendAsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.composer.sendAs(),
    queryFn: ({ signal }) => getSendAs(signal),
    staleTime: SEND_AS_STALE_MS,
  });

export const useSendAs = (enabled: boolean) => useQuery({ ...getSendAsQueryOptions(), enabled });
