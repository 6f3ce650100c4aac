import { OAuth2Client } from 'google-auth-library';
import type { Config } from '../config';
import {
  createGmailAccount,
  createGmailApi,
  GmailApiError,
  type GmailAccounts,
} from '../modules/gmail/gmail-accounts';
import { toGmailApiError } from '../modules/gmail/gmail-errors';
import { testGoogleAccessToken } from './google-tokens';

/**
 * Senders' Gmail for tests against the Gmail stand-in: the real client (createGmailAccount over
 * @googleapis/gmail, the grant's error mapping) with a fixed access token per sender
 * (testGoogleAccessToken: the stand-in started with resolveTestGoogleAccessToken finds its mailbox). `connect`/`revoke` set a
 * sender's grant; a sender not connected answers 'not-connected'.
 */
export function createTestGmailAccounts(
  getConfig: () => Config,
  /** Every user is connected, with this address (a server process of the fault tests). */
  emailOf?: (userId: string) => Promise<string | undefined>,
) {
  const senders = new Map<string, { email: string; revoked: boolean }>();
  const broken = new Set<string>();
  const accounts: GmailAccounts = {
    forUser: async (userId) => {
      const email = await emailOf?.(userId);
      if (broken.has(userId)) throw new Error('an error of ours (test)');
      const sender = email === undefined ? senders.get(userId) : { email, revoked: false };
      if (!sender) throw new GmailApiError('not-connected', 'Gmail is not connected for this sender.');
      if (sender.revoked) throw new GmailApiError('revoked', 'The Gmail permission was withdrawn.');
      const auth = new OAuth2Client();
      auth.setCredentials({
        access_token: testGoogleAccessToken(sender.email),
        expiry_date: Date.now() + 3_600_000,
      });
      return createGmailAccount({
        userId,
        email: sender.email,
        api: createGmailApi(getConfig(), auth),
        call: async (operation) => {
          try {
            return await operation();
          } catch (error) {
            throw toGmailApiError(error, null);
          }
        },
      });
    },
  };
  return {
    accounts,
    connect: (userId: string, email: string) => senders.set(userId, { email, revoked: false }),
    /** forUser throws a plain Error (not Gmail's): a bug of ours, as the engine sees it. */
    breakSender: (userId: string, isBroken = true) => {
      if (isBroken) broken.add(userId);
      else broken.delete(userId);
    },
    revoke: (userId: string) => {
      const sender = senders.get(userId);
      if (sender) sender.revoked = true;
    },
  };
}
