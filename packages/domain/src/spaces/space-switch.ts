import type { Role } from '../roles/roles';
import { canCreateSpace } from './space-name';

/**
 * Spec 000 §2 "Billing query parameters": when the selected space is switched, these parameters
 * are removed from the URL (they describe a checkout of the space being left).
 */
export const SPACE_SWITCH_CLEARED_QUERY_PARAMS = [
  'checkout',
  'from',
  'to',
  'workspaceUsers',
  'gmailUsers',
  'fromInterval',
  'toInterval',
] as const;

export const isClearedOnSpaceSwitch = (queryParameter: string): boolean =>
  (SPACE_SWITCH_CLEARED_QUERY_PARAMS as readonly string[]).includes(queryParameter);

/** Spec 002 §2.2: choosing a space opens its sent mail merges. */
export const SPACE_SWITCH_TARGET = '/mail-merges/sent';

/** Number of spaces the user owns, counted from the me call's userWorkspaces (spec 000 §5). */
export const countOwnedSpaces = (spaces: ReadonlyArray<{ userRole: Role }>): number =>
  spaces.filter((space) => space.userRole === 'OWNER').length;

/** Spec 000 §5: may the user create one more space, given the spaces they belong to? */
export const canCreateAnotherSpace = (spaces: ReadonlyArray<{ userRole: Role }>): boolean =>
  canCreateSpace(countOwnedSpaces(spaces));
