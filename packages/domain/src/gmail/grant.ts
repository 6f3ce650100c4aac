/**
 * The sender's Gmail grant (issue 24): the offline consent for sending as the sender. Stored per
 * account (gmail_grants); REVOKED after the provider refused it (invalid_grant), until a reconnect.
 */
export const GMAIL_GRANT_STATUSES = ['ACTIVE', 'REVOKED'] as const;

/** The scope of the grant: send only (Google's restricted scope; no reading of the mailbox). */
export const GMAIL_SEND_SCOPE = 'https://www.googleapis.com/auth/gmail.send';

/** The query parameter that brings the outcome of a connect back to the page that asked for it. */
export const GMAIL_CONNECT_OUTCOME_PARAM = 'gmail';

/** How a connect round trip ended: connected, or why not (the page that asked says so). */
export type GmailConnectOutcome = 'connected' | 'cancelled' | 'wrong-account' | 'failed';
