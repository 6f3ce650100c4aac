import type { SuppressionAlert } from '@mergedesk/domain/suppressions/messages';

/*
 * Texts of the unsubscriptions page that the spec does not give (ours, see docs/decisions.md).
 * Every rule and the texts the spec gives come from packages/domain/src/suppressions.
 */

export const DELETE_UNSUBSCRIPTION_TITLE = 'Delete unsubscription';

export const deleteUnsubscriptionMessage = (email: string): string =>
  `Do you want to delete ${email} from the unsubscriptions? This address will receive your mail merges again.`;

/** Mirrors the bounce list's '1 bounced email address successfully deleted.' (spec 002 §8). */
export const unsubscriptionDeletedResult = (): SuppressionAlert => ({
  severity: 'success',
  message: '1 unsubscribed email address successfully deleted.',
});

/** Spec 002 §5, §6: why a member cannot delete an address unsubscribed for the whole space. */
export const WORKSPACE_UNSUBSCRIPTION_DELETE_BLOCKED =
  'This address is unsubscribed for the whole space. Only the space owner and admins can delete it.';
