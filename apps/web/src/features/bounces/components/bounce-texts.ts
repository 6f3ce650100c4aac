/*
 * Texts of the bounces page that the spec does not give (ours, see docs/decisions.md). Every rule
 * and the texts the spec gives come from packages/domain/src/suppressions.
 */

export const DELETE_BOUNCE_TITLE = 'Delete bounce';

export const deleteBounceMessage = (email: string): string =>
  `Do you want to delete ${email} from the bounce list? Your mail merges will send to this address again.`;

/** Spec 002 §5, §6: why a member cannot delete an address on the whole space's bounce list. */
export const WORKSPACE_BOUNCE_DELETE_BLOCKED =
  'This address is on the bounce list of the whole space. Only the space owner and admins can delete it.';
