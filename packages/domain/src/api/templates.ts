import { z } from 'zod';
import { clientText } from '../text/client-text';

/**
 * Gallery templates and template import (spec 002 §2.6, §3 "Template", §4.5, §7 "Templates"), under
 * /api/v1:
 * - GET  /templates → { items } sorted by order
 * - POST /users/{userId}/drafts { fromTemplate, source: 'GALLERY' } → { messageId }
 * Creating a draft needs the Gmail compose permission: without it the answer is 403 with reason
 * MISSING_AUTHORIZATION_REASON, and the web app asks for the permission first (§4.5).
 */
const templateSchema = z
  .object({
    id: z.string(),
    subject: z.string(),
    /** an image URL (may be a data: URL) */
    thumbnail: z.string(),
    /** the template's HTML body */
    preview: z.string(),
    order: z.number().int(),
  })
  .meta({ id: 'Template' });
export type Template = z.infer<typeof templateSchema>;

export const templateListSchema = z.object({ items: z.array(templateSchema) });
export type TemplateList = z.infer<typeof templateListSchema>;

/** The scope a draft needs; the one sign-in asks for with scope=compose (api/auth). */
export { GMAIL_COMPOSE_SCOPE } from './auth';
export { MISSING_AUTHORIZATION_REASON } from '../templates/messages';

import { DRAFT_TEMPLATE_REQUIRED_MESSAGE } from '../templates/messages';

/** The draft messages live in a module without zod (templates/messages). */
export {
  DRAFT_CREATION_FAILED_MESSAGE,
  DRAFT_MISSING_AUTHORIZATION_MESSAGE,
  DRAFT_OTHER_USER_MESSAGE,
  TEMPLATE_NOT_FOUND_MESSAGE,
} from '../templates/messages';

export const createDraftParamsSchema = z.object({ userId: clientText() });
export const createDraftBodySchema = z.object({
  fromTemplate: clientText({ required: DRAFT_TEMPLATE_REQUIRED_MESSAGE })
    .min(1, { error: DRAFT_TEMPLATE_REQUIRED_MESSAGE })
    .max(200),
  source: z.literal('GALLERY'),
});
export type CreateDraftBody = z.infer<typeof createDraftBodySchema>;

export const createDraftResponseSchema = z.object({ messageId: z.string() });
export type CreateDraftResponse = z.infer<typeof createDraftResponseSchema>;
