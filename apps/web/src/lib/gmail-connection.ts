import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GmailConnection } from '@mergedesk/domain/api/sending';
import { callEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/** The grant changes by the user's own actions (connect, disconnect) or Google's revocation. */
const GMAIL_CONNECTION_STALE_MS = 60_000;

/** GET /api/v1/users/me/gmail (gmail.status, issue 24): the signed-in user's Gmail sending grant. */
const getGmailConnection = (signal?: AbortSignal): Promise<GmailConnection> =>
  callEndpoint('gmail.status', { signal });

const getGmailConnectionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.gmailConnection(),
    queryFn: ({ signal }) => getGmailConnection(signal),
    staleTime: GMAIL_CONNECTION_STALE_MS,
  });

/** Asked for by the space shell and the composer only (never on the sign-in pages). */
export const useGmailConnection = () => useQuery(getGmailConnectionQueryOptions());
