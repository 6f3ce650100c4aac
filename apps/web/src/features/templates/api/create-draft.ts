import { useMutation } from '@tanstack/react-query';
import type { CreateDraftBody, CreateDraftResponse } from '@mergedesk/domain/api/templates';
import { callEndpoint } from '../../../lib/api-client';

/**
 * POST /api/v1/users/{userId}/drafts { fromTemplate, source: 'GALLERY' } → { messageId } (spec 002
 * §7 "Templates"): saves a gallery template as a Gmail draft. 403 with reason
 * 'missing_authorization' when the session lacks the Gmail compose permission.
 */
const createDraft = (userId: string, templateId: string): Promise<CreateDraftResponse> =>
  callEndpoint('templates.createDraft', {
    params: { userId },
    body: { fromTemplate: templateId, source: 'GALLERY' } satisfies CreateDraftBody,
  });

export const useCreateDraft = (userId: string) =>
  useMutation({ mutationFn: (templateId: string) => createDraft(userId, templateId) });
