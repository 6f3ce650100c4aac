import type { Config } from '../config';
import type { Executor } from '../db/client';
import { createGoogleAccessTokenProvider } from '../modules/auth/provider-tokens';
import { GmailMailAdapter } from './gmail-mail-adapter';
import { LocalMailboxAdapter } from './local-mailbox-adapter';
import type { MailAdapter } from './mail-adapter';

/** The adapter MAIL_ADAPTER selects (default: gmail in production, local elsewhere). */
export function createMailAdapter(config: Config, db: Executor): MailAdapter {
  const kind = config.MAIL_ADAPTER ?? (config.NODE_ENV === 'production' ? 'gmail' : 'local');
  if (kind === 'local') return new LocalMailboxAdapter(db);
  // The Google access token of the person's latest sign-in with the compose scope (sessions table).
  return new GmailMailAdapter(createGoogleAccessTokenProvider(db, config.SESSION_SECRET));
}
