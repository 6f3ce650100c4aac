import type { SuppressionType } from '../api/suppression-list';
import type { UserInSpace } from '../roles/permissions';
import { hasSharedBounces, hasSharedUnsubscribes } from '../roles/permissions';

/** The two suppression lists of a space. */
export const SUPPRESSION_LISTS = ['unsubscriptions', 'bounces'] as const;
export type SuppressionList = (typeof SUPPRESSION_LISTS)[number];

export type SuppressionDeleteContext = Pick<UserInSpace, 'role' | 'userPlan' | 'features'> & {
  list: SuppressionList;
  /** WORKSPACE (shared with the space) or PERSONAL: SUPPRESSION_TYPES of api/suppression-list. */
  type: SuppressionType;
};

/**
 * Spec 002 §5 "Workspace-level deletion" and §6: a MEMBER cannot delete a WORKSPACE-type
 * unsubscription when they have shared unsubscribes, nor a WORKSPACE-type bounce when shared bounces
 * are active for them. Everybody else can delete (the delete button is disabled otherwise).
 */
export const canDeleteSuppression = (context: SuppressionDeleteContext): boolean => {
  if (context.role !== 'MEMBER' || context.type !== 'WORKSPACE') return true;
  const isShared =
    context.list === 'unsubscriptions' ? hasSharedUnsubscribes(context) : hasSharedBounces(context);
  return !isShared;
};
