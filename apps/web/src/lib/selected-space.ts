import type { CurrentUser, UserWorkspace } from '@mergedesk/domain/api/users';
import { readStorage, removeStorage, writeStorage } from './storage';

/** The last space the person selected, remembered across visits in this browser. */
const LAST_SPACE_STORAGE_KEY = 'mergedesk.last-space-id';

export function getLastSpaceId(): string | null {
  return readStorage(LAST_SPACE_STORAGE_KEY);
}

export function setLastSpaceId(id: string | null): void {
  if (id) writeStorage(LAST_SPACE_STORAGE_KEY, id);
  else removeStorage(LAST_SPACE_STORAGE_KEY);
}

type UserSpaces = Pick<CurrentUser, 'addonWorkspaceId' | 'userWorkspaces'>;

/**
 * The space `/` opens: the last selected one if the user is still a member, else the space the
 * add-on sends e-mails from (addonWorkspaceId), else the first. null when the user has no space.
 */
export function pickDefaultSpace(
  user: UserSpaces,
  lastSpaceId: string | null = getLastSpaceId(),
): UserWorkspace | null {
  const spaces = user.userWorkspaces ?? [];
  return (
    spaces.find((space) => space.workspaceId === lastSpaceId) ??
    spaces.find((space) => space.workspaceId === user.addonWorkspaceId) ??
    spaces[0] ??
    null
  );
}

/**
 * Spec 000 §2 / spec 002 §2.1: /settings/billing goes to the billing page of the user's best
 * space — a space the user owns first, then one the user administers, then the current one.
 * Among several owned (or administered) spaces the current one wins, then the add-on's space,
 * then the first listed.
 */
export function pickBillingSpace(
  user: UserSpaces,
  lastSpaceId: string | null = getLastSpaceId(),
): UserWorkspace | null {
  const spaces = user.userWorkspaces ?? [];
  const current = pickDefaultSpace(user, lastSpaceId);
  for (const role of ['OWNER', 'ADMIN'] as const) {
    const candidates = spaces.filter((space) => space.userRole === role);
    const best =
      candidates.find((space) => space.workspaceId === current?.workspaceId) ??
      candidates.find((space) => space.workspaceId === user.addonWorkspaceId) ??
      candidates[0];
    if (best) return best;
  }
  return current;
}

/** Path of a space page: `{urlPrefix}{path}` (spec 000 §2 "Route prefix"). */
export const spacePath = (space: Pick<UserWorkspace, 'urlPrefix'>, path: string): string =>
  `${space.urlPrefix.replace(/\/$/, '')}${path}`;
