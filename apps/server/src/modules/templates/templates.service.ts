import {
  DRAFT_CREATION_FAILED_MESSAGE,
  DRAFT_MISSING_AUTHORIZATION_MESSAGE,
  DRAFT_OTHER_USER_MESSAGE,
  GMAIL_COMPOSE_SCOPE,
  MISSING_AUTHORIZATION_REASON,
  TEMPLATE_NOT_FOUND_MESSAGE,
  type CreateDraftBody,
  type CreateDraftResponse,
  type TemplateList,
} from '@mergedesk/domain/api/templates';
import { z } from 'zod';
import type { Database } from '../../db/client';
import type { SessionIdentity } from '../../lib/access';
import { AppError, isAppError } from '../../lib/app-error';
import type { MailAdapter } from '../../mail/mail-adapter';
import type { UserRecord } from '../../db/records';
import { findSessionScopes } from '../auth/auth.views';
import { insertDraft } from './drafts.repo';
import { findTemplate, listTemplates } from './gallery.repo';

const uuidSchema = z.uuid();

/** GET /api/v1/templates (spec 002 §2.6, §7): the gallery, sorted by order. */
export async function getTemplates(db: Database): Promise<TemplateList> {
  return { items: await listTemplates(db) };
}

/**
 * POST /api/v1/users/{userId}/drafts (spec 002 §4.5): copies a gallery template into a draft of the
 * caller's own mailbox. The session must hold the Gmail compose scope (403 missing_authorization
 * otherwise, so that the web app asks for it first); the message id is recorded for the template.
 */
export async function createDraftFromTemplate(
  db: Database,
  mail: MailAdapter,
  caller: UserRecord,
  session: SessionIdentity,
  userId: string,
  body: CreateDraftBody,
): Promise<CreateDraftResponse> {
  // 'me' is accepted like the other /users/me/… paths.
  if (userId !== 'me' && userId !== caller.id) throw new AppError('FORBIDDEN', DRAFT_OTHER_USER_MESSAGE);
  const scopes = await findSessionScopes(db, session.sessionId);
  if (!scopes.includes(GMAIL_COMPOSE_SCOPE)) {
    throw new AppError('FORBIDDEN', DRAFT_MISSING_AUTHORIZATION_MESSAGE, {
      reason: MISSING_AUTHORIZATION_REASON,
    });
  }
  const template = uuidSchema.safeParse(body.fromTemplate).success
    ? await findTemplate(db, body.fromTemplate)
    : undefined;
  if (!template) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND_MESSAGE);

  let messageId: string;
  try {
    ({ messageId } = await mail.createDraft(caller, { subject: template.subject, html: template.preview }));
  } catch (error) {
    if (isAppError(error)) throw error;
    throw new AppError('SERVICE_UNAVAILABLE', DRAFT_CREATION_FAILED_MESSAGE, { cause: error });
  }
  await insertDraft(db, { userId: caller.id, templateId: template.id, messageId });
  return { messageId };
}
