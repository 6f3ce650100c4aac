/*
 * What the tracking links (open, click, unsubscribe, poll answer) read of a sent merge, and the poll
 * answers they leave. Campaigns owns these tables (docs/decisions/364-table-owners.md).
 */
export { findRecipientTarget, findSentLink, upsertPollResponse } from './tracking-targets.repo';
