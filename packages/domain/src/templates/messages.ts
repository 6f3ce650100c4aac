/**
 * Template and draft messages (spec 002 §8), in a module without zod: the sign-in pages read
 * DRAFT_CREATION_FAILED_MESSAGE (session/compose-grant), and importing it from api/templates
 * would put zod into the login page's first download
 * (docs/decisions/292-nothing-on-the-first-download-that-no-page-uses.md).
 */
export const DRAFT_TEMPLATE_REQUIRED_MESSAGE = 'fromTemplate is required';
/** The 403's reason when the session lacks the Gmail compose permission (drafts: templates and the composer). */
export const MISSING_AUTHORIZATION_REASON = 'missing_authorization';
/** 403 when the session lacks GMAIL_COMPOSE_SCOPE (reason MISSING_AUTHORIZATION_REASON). */
export const DRAFT_MISSING_AUTHORIZATION_MESSAGE = 'Allow MergeDesk to create Gmail drafts first.';
/** 403 when {userId} is not the caller. */
export const DRAFT_OTHER_USER_MESSAGE = 'You can only create drafts in your own mailbox.';
/** 404 for an unknown template. */
export const TEMPLATE_NOT_FOUND_MESSAGE = 'Template not found';
/** 503 when the mail provider fails (spec 002 §8 alert text). */
export const DRAFT_CREATION_FAILED_MESSAGE = 'Gmail draft could not be created';
