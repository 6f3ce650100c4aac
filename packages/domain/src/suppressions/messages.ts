import { formatNumber } from '../format/numbers';
import type { SuppressionList } from './permissions';

type SuppressionAlertSeverity = 'success' | 'warning' | 'error';
export type SuppressionAlert = { severity: SuppressionAlertSeverity; message: string };

// --- add / remove results (spec 002 §4.3, §4.4, §8 "Alerts") ----------------------------------

const ALREADY_UNSUBSCRIBED_WARNING = 'These email addresses were already unsubscribed.';
const ALREADY_ON_BOUNCE_LIST_WARNING = 'These email addresses were already on the bounce list.';

/**
 * Spec 002 §8 lists two spellings of the generic error alert; the cancel alert of §4.1 uses
 * 'occurred', and we give the unsubscription and bounce errors the other one, as the catalogue
 * spells it.
 */
const SUPPRESSION_ERROR_ALERT = 'An error ocurred. Please try again.';

const emailAddresses = (count: number): string =>
  `${formatNumber(count)} email ${count === 1 ? 'address' : 'addresses'}`;

/**
 * Spec 002 §4.3: a count of 0 gives the warning 'These email addresses were already unsubscribed.';
 * otherwise success with the count (wording ours: '1 email address successfully unsubscribed.').
 */
export const unsubscriptionAddResult = (addedCount: number): SuppressionAlert =>
  addedCount <= 0
    ? { severity: 'warning', message: ALREADY_UNSUBSCRIBED_WARNING }
    : { severity: 'success', message: `${emailAddresses(addedCount)} successfully unsubscribed.` };

/** Spec 002 §8: 'N email address(es) successfully added to bounce list.', or the already-listed warning at 0. */
export const bounceAddResult = (addedCount: number): SuppressionAlert =>
  addedCount <= 0
    ? { severity: 'warning', message: ALREADY_ON_BOUNCE_LIST_WARNING }
    : { severity: 'success', message: `${emailAddresses(addedCount)} successfully added to bounce list.` };

/** Spec 002 §8: '1 bounced email address successfully deleted.' (the plural form is ours). */
export const bounceDeleteResult = (deletedCount: number): SuppressionAlert => ({
  severity: 'success',
  message: `${formatNumber(deletedCount)} bounced email ${deletedCount === 1 ? 'address' : 'addresses'} successfully deleted.`,
});

export const suppressionErrorResult = (): SuppressionAlert => ({
  severity: 'error',
  message: SUPPRESSION_ERROR_ALERT,
});

// --- explanatory text (spec 002 §2.3, §2.4, §6) -----------------------------------------------

/** A piece of text that may be a link; the web renders links with its router, prefixed with {base}. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** Spec 002 §2.3: the owner's upgrade link goes to the space billing page (under {base}). */
export const UPGRADE_LINK_PATH = '/space/billing';

export type SuppressionExplanationInput = {
  list: SuppressionList;
  /** Shared unsubscribes / shared bounces are on (a PREMIUM space feature). */
  sharedEnabled: boolean;
  isOwner: boolean;
  /** The space owner's address, shown to non-owners as {email}; may be unknown. */
  ownerEmail: string | null | undefined;
};

const INTRO = {
  unsubscriptions: 'Recipients on this list will not receive your mail merges.',
  bounces: 'Email addresses on this list have bounced and are skipped by your mail merges.',
} as const satisfies Record<SuppressionList, string>;

const SHARED = {
  unsubscriptions: 'Unsubscriptions are shared with all members of your space.',
  bounces: 'The bounce list is shared with all members of your space.',
} as const satisfies Record<SuppressionList, string>;

const NOT_SHARED = {
  unsubscriptions: 'Sharing unsubscriptions with all members of your space is a Premium feature.',
  bounces: 'Sharing the bounce list with all members of your space is a Premium feature.',
} as const satisfies Record<SuppressionList, string>;

const UPGRADE_LINK_TEXT = 'Upgrade your space';

/**
 * Spec 002 §2.3 / §2.4 / §6: the text under the page heading. It varies with whether sharing is on
 * (PREMIUM) and whether the user is the owner: without sharing, the owner gets an upgrade link to
 * /space/billing and everybody else is told to ask the owner ({email}) to upgrade. With sharing on,
 * it says so, for everyone. The sentences are ours; the spec gives only their content.
 */
export const suppressionExplanation = (input: SuppressionExplanationInput): TextSegment[] => {
  const intro: TextSegment = { kind: 'text', text: `${INTRO[input.list]} ` };
  if (input.sharedEnabled) return [intro, { kind: 'text', text: SHARED[input.list] }];
  const notShared: TextSegment = { kind: 'text', text: `${NOT_SHARED[input.list]} ` };
  if (input.isOwner) {
    return [
      intro,
      notShared,
      { kind: 'link', text: UPGRADE_LINK_TEXT, href: UPGRADE_LINK_PATH },
      { kind: 'text', text: ' to unlock it.' },
    ];
  }
  const owner = input.ownerEmail?.trim();
  const ask =
    owner == null || owner === ''
      ? 'Ask your space owner to upgrade the space.'
      : `Ask your space owner (${owner}) to upgrade the space.`;
  return [intro, notShared, { kind: 'text', text: ask }];
};

/** The segments as plain text (for tests, titles and screen-reader labels). */
export const segmentsToText = (segments: readonly TextSegment[]): string =>
  segments.map((segment) => segment.text).join('');
