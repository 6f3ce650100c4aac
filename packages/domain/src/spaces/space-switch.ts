import { purchaseFirstStep } from '../billing/flows';
import type { Role } from '../roles/roles';
import { canCreateSpace } from './space-name';

/**
 * Spec 000 §2 "Billing query parameters": when the selected space is switched, these parameters
 * are removed from the URL (they describe a checkout of the space being left).
 */
const SPACE_SWITCH_CLEARED_QUERY_PARAMS = [
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

/**
 * Spec 000 §2 and spec 001 §2 "Checkout routes": the query flag that opens the new-space dialog,
 * on any space page including the checkout.
 */
export const NEW_SPACE_QUERY_FLAG = 'new-space';

/**
 * Where the space created in the new-space dialog opens (a path under its URL prefix). Spec 000 §4:
 * its sent mail merges. Opened from a checkout page (the 'new-space' flag of a purchase), the
 * purchase goes on in the new space instead: the first step of its purchase (seat selection, or
 * the billing information for a Gmail-type buyer).
 */
export const newSpaceLanding = (input: { fromCheckout: boolean; isGmailUser: boolean }): string =>
  input.fromCheckout ? `/checkout${purchaseFirstStep(input.isGmailUser)}` : SPACE_SWITCH_TARGET;
