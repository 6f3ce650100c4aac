import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RecipientCheck } from '@mergedesk/domain/api/composer';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * POST /api/v1/users/me/workspaces/{id}/recipient-check (composer.recipientCheck): which of the
 * file's addresses the space's unsubscription and bounce lists hold. A read, so a query: asked
 * again when the addresses change, kept a minute.
 */
const checkRecipients = (
  workspaceId: string,
  emails: readonly string[],
  signal?: AbortSignal,
): Promise<RecipientCheck> =>
  callEndpoint('composer.recipientCheck', {
    params: { id: workspaceId },
    body: { emails: emails.map((email) => email.slice(0, MAX_CHECKED_LENGTH)) },
    signal,
  });

/** The check's longest address (api/composer.ts); a longer cell is no address anyway. */
const MAX_CHECKED_LENGTH = 320;

const RECIPIENT_CHECK_STALE_MS = 60_000;

const getRecipientCheckQueryOptions = (workspaceId: string, emails: readonly string[]) =>
  queryOptions({
    queryKey: queryKeys.composer.recipientCheck(workspaceId, emails),
    queryFn: ({ signal }) => checkRecipients(workspaceId, emails, signal),
    staleTime: RECIPIENT_CHECK_STALE_MS,
    placeholderData: keepPreviousData,
  });

export const useRecipientCheck = (workspaceId: string, emails: readonly string[]) =>
  useQuery({ ...getRecipientCheckQueryOptions(workspaceId, emails), enabled: emails.length > 0 });
