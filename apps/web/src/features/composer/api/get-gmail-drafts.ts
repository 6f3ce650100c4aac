import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GmailDraft, GmailDraftList } from '@mergedesk/domain/api/composer';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /api/v1/users/me/gmail/drafts (composer.drafts, issue 25): the sender's Gmail drafts, newest
 * first. 403 with reason 'missing_authorization' without the Gmail compose permission.
 */
const getGmailDrafts = (signal?: AbortSignal): Promise<GmailDraftList> =>
  callEndpoint('composer.drafts', { signal });

/** GET /api/v1/users/me/gmail/drafts/{id} (composer.draft): one draft's subject and HTML body. */
export const getGmailDraft = (draftId: string, signal?: AbortSignal): Promise<GmailDraft> =>
  callEndpoint('composer.draft', { params: { id: draftId }, signal });

/** Drafts change in Gmail, outside the app: asked again each time the picker opens. */
const getGmailDraftsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.composer.drafts(),
    queryFn: ({ signal }) => getGmailDrafts(signal),
    staleTime: 0,
  });

export const useGmailDrafts = (enabled: boolean) => useQuery({ ...getGmailDraftsQueryOptions(), enabled });
