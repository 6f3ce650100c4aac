import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GmailConnection } from '@mergedesk/domain/api/sending';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The grant changes by the user's own actions (connect, disconnect) or Google's revocation. */
const GMAIL_CONNECTION_STALE_MS = 60_000;

/**
 * GET /api/v1/users/me/gmail (gmail.status): the sender's Gmail grant, under the shell's key (the
 * account menu reads the same cache), so the composer knows whether it can send.
 */
const getGmailConnectionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.gmailConnection(),
    queryFn: ({ signal }): Promise<GmailConnection> => callEndpoint('gmail.status', { signal }),
    staleTime: GMAIL_CONNECTION_STALE_MS,
  });

export const useComposerGmailConnection = () => useQuery(getGmailConnectionQueryOptions());
