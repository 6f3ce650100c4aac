import { trackEvent } from './analytics';
import { readStorage, writeStorage } from './storage';

/**
 * The paid/free choice of the per-user checkout (spec 001 §3 "Session-stored: … checkout users"),
 * kept per space for the tab: e-mail → paid. The options step, the legacy users page and the
 * summary read it; the Manage Users drawer writes it before it opens the summary (its rows carry
 * e-mails, the checkout users ids). Reading or saving failure is reported and the default used.
 */

const usersKey = (workspaceId: string) => `mergedesk.checkout.users.${workspaceId}`;
const report = (message: string) => trackEvent({ event_type: 'webapp_error', message });

export function readCheckoutUsers(workspaceId: string): Record<string, boolean> {
  const raw = readStorage(usersKey(workspaceId), 'session');
  if (raw === null) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not a map');
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'),
    );
  } catch {
    report('checkout: the stored checkout users could not be read');
    return {};
  }
}

export function saveCheckoutUsers(workspaceId: string, paidByEmail: Record<string, boolean>): void {
  if (!writeStorage(usersKey(workspaceId), JSON.stringify(paidByEmail), 'session')) {
    report('checkout: the checkout users could not be saved');
  }
}
