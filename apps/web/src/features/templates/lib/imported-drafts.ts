import { readStorage, writeStorage } from '../../../lib/storage';

/**
 * Spec 002 §4.5: once a template is imported, its draft's message id is recorded for the template
 * and the button becomes Open. Kept in localStorage per user and template, so it survives reloads
 * and another account on the same browser starts afresh.
 */
const importedDraftKey = (userId: string, templateId: string): string =>
  `mergedesk.template-draft.${userId}.${templateId}`;

export const readImportedDraft = (userId: string, templateId: string): string | null =>
  readStorage(importedDraftKey(userId, templateId));

/** When storage is blocked (private mode) the Open button lasts for this visit only. */
export const rememberImportedDraft = (userId: string, templateId: string, messageId: string): void => {
  writeStorage(importedDraftKey(userId, templateId), messageId);
};

/** The Gmail address that opens the draft (in a new tab). */
export const gmailDraftUrl = (messageId: string): string =>
  `https://mail.google.com/mail/u/0/#drafts?compose=${encodeURIComponent(messageId)}`;

/** Success alert of an import (spec 002 §4.5 "a success alert with the subject"; wording ours). */
export const draftCreatedMessage = (subject: string): string => `Draft "${subject}" created in Gmail.`;
