import type { Config } from '../config';
import { GmailMailAdapter } from './gmail-mail-adapter';
import { LocalMailboxAdapter } from './local-mailbox-adapter';
import type { MailAdapter } from './mail-adapter';

/** The adapter MAIL_ADAPTER selects (default: gmail in production, local elsewhere). */
export function createMailAdapter(config: Config): MailAdapter {
  const kind = config.MAIL_ADAPTER ?? (config.NODE_ENV === 'production' ? 'gmail' : 'local');
  if (kind === 'local') return new LocalMailboxAdapter();
  // No Google access tokens are stored yet (see GoogleAccessTokenProvider): every draft asks for
  // the compose permission until they are.
  return new GmailMailAdapter(() => Promise.resolve(null));
}
