import type { StoredMergeOptions } from '../../db/schema';
import type { GmailAccount } from '../gmail/gmail-accounts';

/**
 * The From of a merge's messages: the account's own address, or the `sendAs` alias when the sender
 * still has it at Gmail (never an unverified From), with `senderName`, else the alias's display
 * name, else the account holder's name. The rule of the engine's sending context
 * (merge-worker.ts sendingContext), for the composer's test send.
 */
export async function mergeSenderOf(
  account: GmailAccount,
  options: Pick<StoredMergeOptions, 'senderName' | 'sendAs'>,
  accountName: string,
): Promise<{ name: string; address: string }> {
  const name = options.senderName ?? accountName;
  if (options.sendAs === undefined || options.sendAs === account.email) {
    return { name, address: account.email };
  }
  const alias = (await account.sendAsAddresses()).find(
    (candidate) => candidate.email.toLowerCase() === options.sendAs?.toLowerCase(),
  );
  if (!alias) return { name, address: account.email };
  return { name: options.senderName ?? (alias.displayName || accountName), address: alias.email };
}
