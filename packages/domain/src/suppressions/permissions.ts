import type { SuppressionSource, SuppressionType } from '../api/suppression-list';
import type { UserInSpace } from '../roles/permissions';
import { hasSharedBounces, hasSharedUnsubscribes } from '../roles/permissions';

/** The two suppression lists of a space. */
export const SUPPRESSION_LISTS = ['unsubscriptions', 'bounces'] as const;
export type SuppressionList = (typeof SUPPRESSION_LISTS)[number];

/** What decides whether a person may see an entry of a space's list. */
export type SuppressionVisibilityContext = {
  /** WORKSPACE (shared with the space) or PERSONAL: SUPPRESSION_TYPES of api/suppression-list. */
  type: SuppressionType;
  /** The entry belongs to the person asking: they added it, or it came from their own merge. */
  isOwn: boolean;
};

export type SuppressionDeleteContext = Pick<UserInSpace, 'role' | 'userPlan' | 'features'> &
  SuppressionVisibilityContext & {
    list: SuppressionList;
    /** How the entry came to be: SUPPRESSION_SOURCES of api/suppression-list. */
    source: SuppressionSource;
  };

/**
 * The list type of a new entry (spec 000 §6): shared with the space (WORKSPACE) when the space's
 * sharing feature for that list applies to the member it comes from (a paid user plan), else
 * that member's own (PERSONAL). With no member (a merge whose sender's account is gone) the entry
 * is shared, so it still stops mail from the space.
 */
export const suppressionTypeFor = (
  list: SuppressionList,
  member: Pick<UserInSpace, 'userPlan' | 'features'> | null,
): SuppressionType => {
  if (member === null) return 'WORKSPACE';
  const isShared = list === 'unsubscriptions' ? hasSharedUnsubscribes(member) : hasSharedBounces(member);
  return isShared ? 'WORKSPACE' : 'PERSONAL';
};

/**
 * Opt-outs belong to their sender: a PERSONAL entry is visible to the person it belongs to only;
 * WORKSPACE entries (the Premium "shared unsubscribes / bounces") are visible to the whole space.
 */
export const canSeeSuppression = (context: SuppressionVisibilityContext): boolean =>
  context.type === 'WORKSPACE' || context.isOwn;

/** Why an entry cannot be deleted by this person; the message is shown by the web app and answered by the server (403). */
export type SuppressionDeleteBlock = {
  reason: 'not_yours' | 'recipient_opt_out' | 'shared_entry';
  message: string;
};

export const SHARED_SUPPRESSION_DELETE_MESSAGE: Record<SuppressionList, string> = {
  unsubscriptions:
    'This address is unsubscribed for the whole space. Only the space owner and admins can delete it.',
  bounces:
    'This address is on the bounce list of the whole space. Only the space owner and admins can delete it.',
};

const NOT_YOUR_SUPPRESSION_MESSAGE: Record<SuppressionList, string> = {
  unsubscriptions: 'This unsubscription belongs to another sender. Only they can delete it.',
  bounces: 'This bounce belongs to another sender. Only they can delete it.',
};

export const RECIPIENT_OPT_OUT_MESSAGE =
  'The recipient unsubscribed through the link of another sender’s mail merge. Only that sender can delete it.';

/**
 * Who may delete an entry (spec 002 §5 "Workspace-level deletion", §6, and our compliance rule):
 * - a PERSONAL entry only the person it belongs to;
 * - an unsubscription a recipient made through a link (source LINK) only the sender of that merge,
 *   whatever the colleague's role;
 * - a MEMBER cannot delete a WORKSPACE entry while the list is shared for them (spec 002 §6:
 *   "Members cannot delete workspace-type unsubscriptions when the user has shared unsubscribes.
 *   They likewise cannot delete workspace-type bounces when shared bounces is active for them.").
 * Null: the person may delete it.
 */
export const suppressionDeleteBlock = (context: SuppressionDeleteContext): SuppressionDeleteBlock | null => {
  if (!context.isOwn) {
    if (context.type === 'PERSONAL') {
      return { reason: 'not_yours', message: NOT_YOUR_SUPPRESSION_MESSAGE[context.list] };
    }
    if (context.source === 'LINK') return { reason: 'recipient_opt_out', message: RECIPIENT_OPT_OUT_MESSAGE };
  }
  if (context.role === 'MEMBER' && context.type === 'WORKSPACE') {
    const isShared =
      context.list === 'unsubscriptions' ? hasSharedUnsubscribes(context) : hasSharedBounces(context);
    if (isShared) return { reason: 'shared_entry', message: SHARED_SUPPRESSION_DELETE_MESSAGE[context.list] };
  }
  return null;
};

export const canDeleteSuppression = (context: SuppressionDeleteContext): boolean =>
  suppressionDeleteBlock(context) === null;
