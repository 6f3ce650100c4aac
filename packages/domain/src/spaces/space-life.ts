import type { PaymentSource } from '../plans/plans';
import { isSupportManagedPaymentSource } from '../plans/plans';
import type { Role } from '../roles/roles';

/**
 * The life of a space beyond the spec (issue 21 item 6; docs/decisions/346-space-deletion.md): a member
 * leaves, the owner deletes and may restore until the data is erased.
 */

/** Days between deleting a space and erasing its data; until then the owner can restore it. */
export const SPACE_ERASE_GRACE_DAYS = 30;
const DAY_MS = 86_400_000;

/** When the data of a space deleted at `deletedAt` is erased. */
export const spaceEraseAt = (deletedAt: Date): Date =>
  new Date(deletedAt.getTime() + SPACE_ERASE_GRACE_DAYS * DAY_MS);

/** A deleted space can be restored until its erase time. */
export const isRestorable = (eraseAt: Date, now: Date): boolean => now.getTime() < eraseAt.getTime();

export const SPACE_LIFE_MESSAGES = {
  OWNER_CANNOT_LEAVE:
    'The owner cannot leave the space. Transfer the ownership to another member first, or delete the space.',
  ONLY_OWNER_DELETES: 'Only the owner of this space can delete it.',
  NAME_MISMATCH: "Type the space's name exactly as it is to delete it.",
  SUPPORT_MANAGED:
    "This space's subscription is managed by support. Contact support to end it before deleting the space.",
  CHANGE_SCHEDULED:
    'A change of the subscription is scheduled. Cancel it on the billing page first, then delete the space.',
  NOT_RESTORABLE: 'This space can no longer be restored.',
  LEFT: 'You have left the space.',
  RESTORED: 'The space has been restored.',
} as const;

/** Issue 21: anybody but the owner may leave a space (the owner transfers or deletes it first). */
export const canLeaveSpace = (role: Role): boolean => role !== 'OWNER';

/**
 * Deleting asks for the space's name, typed as it is (spaces are named freely, so a near match is
 * not enough); surrounding spaces are forgiven, as in the name field itself.
 */
export const isDeleteConfirmed = (typed: string, spaceName: string): boolean =>
  typed.trim() === spaceName.trim();

/** What deleting does with the space's subscription. */
export type SubscriptionEnding =
  | { kind: 'none' }
  | { kind: 'already-ending' }
  | { kind: 'end-at-period-end' }
  | { kind: 'refused'; message: string };

/**
 * Before a space is deleted, a live subscription stops renewing: it ends at the period end, nothing
 * is refunded. Support and offline subscriptions are ended by support; a scheduled change (seat
 * removal, cycle change) is cancelled first on the billing page, as for a move to Free.
 */
export const subscriptionEnding = (
  subscription: {
    paymentSource: PaymentSource;
    autoRenew: boolean;
    hasScheduledChange: boolean;
  } | null,
): SubscriptionEnding => {
  if (subscription === null) return { kind: 'none' };
  if (!subscription.autoRenew) return { kind: 'already-ending' };
  if (isSupportManagedPaymentSource(subscription.paymentSource))
    return { kind: 'refused', message: SPACE_LIFE_MESSAGES.SUPPORT_MANAGED };
  if (subscription.hasScheduledChange)
    return { kind: 'refused', message: SPACE_LIFE_MESSAGES.CHANGE_SCHEDULED };
  return { kind: 'end-at-period-end' };
};

/** The page's line about the subscription once the space is deleted (ours). */
export const subscriptionEndsText = (formattedDate: string): string =>
  `The subscription has been cancelled: it will not renew and ends on ${formattedDate}. Nothing more will be charged.`;

/** The deleted space's line in the list of spaces that can be restored (ours). */
export const restorableUntilText = (spaceName: string, formattedDate: string): string =>
  `${spaceName} was deleted. You can restore it until ${formattedDate}; after that its data is erased.`;

/** The 'deleted' banner (spec 000 §8) for members of a space its owner deleted (ours). */
export const spaceDeletedByOwnerDescription = (spaceName: string): string =>
  `${spaceName} was deleted by its owner. You have been switched to another space.`;

/** The leave confirmation (ours). */
export const leaveSpaceTitle = (spaceName: string): string => `Leave ${spaceName}?`;
export const leaveSpaceText = (spaceName: string): string =>
  `You will no longer see the mail merges and lists of ${spaceName}. Your seat goes back to the space, and your personal unsubscriptions and bounces stay with you. To come back, ask its owner or an admin to add you again.`;
export const leftSpaceDescription = (spaceName: string): string =>
  `You are no longer a member of ${spaceName}.`;

/** The delete section and confirmation of General settings (ours). */
export const deleteSpaceText = (spaceName: string): string =>
  `Deleting ${spaceName} removes it for every member. A subscription stops renewing and ends at the end of its current period; nothing more is charged. You can restore the space for ${SPACE_ERASE_GRACE_DAYS} days; after that its mail merges, lists and members are erased.`;
export const deleteSpaceTitle = (spaceName: string): string => `Delete ${spaceName}?`;
export const DELETE_SPACE_CONFIRM_LABEL = "Type the space's name to confirm";
