import { isRestricted } from '../rollout/restrictions';

/**
 * Invitation lifetime (not in the spec;
 * docs/decisions/121-invitation-tokens-and-lifetime.md): a link works for 14 days after it was
 * sent or sent again; re-inviting issues a new token and a new 14 days.
 */
export const INVITATION_LIFETIME_DAYS = 14;
export const INVITATION_LIFETIME_MS = INVITATION_LIFETIME_DAYS * 24 * 60 * 60 * 1000;

/** Spec 002 §9: a 500 on acceptance is retried 3 times. */
export const INVITATION_ACCEPT_RETRIES = 3;

export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'CANCELLED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation can be accepted while it is PENDING and not expired. */
export const isInvitationActive = (
  invitation: { status: InvitationStatus; expiresAt: number },
  now: number,
): boolean => invitation.status === 'PENDING' && invitation.expiresAt > now;

/** Spec 002 §2.10 / §8: shown when invitations are restricted (the INVITATION rollout flag). */
const INVITATION_RESTRICTED_MESSAGE = 'Sorry, this invitation link is no longer valid.';

export const isInvitationRestricted = (
  lastActivatedStep: number | null | undefined,
  isGmailUser: boolean,
): boolean => isRestricted('INVITATION', lastActivatedStep, isGmailUser);

/** Spec 002 §8 / spec 000 §8: the reasons the acceptance answers with (409 carries a reason). */
export const INVITATION_ERROR_REASONS = {
  INVALID: 'invitation_not_found',
  WRONG_ACCOUNT: 'wrong_account',
  NOT_ACTIVE: 'invitation_is_not_active',
  ALREADY_MEMBER: 'user_already_exists',
  RESTRICTED: 'invitation_restricted',
  NO_SEAT: 'no_seat_available',
  TOKEN_REQUIRED: 'invitation_token_required',
} as const;

export const INVITATION_FINALIZE_TITLE = 'The invitation could not be finalized.';

/**
 * Spec 002 §8, verbatim, plus our wording for the cases the spec leaves out
 * (docs/decisions/150-invitation-page.md).
 */
export const INVITATION_MESSAGES = {
  INVALID: 'The invite link is invalid.',
  WRONG_ACCOUNT: 'You are logged into a different account than the one invited.',
  NOT_ACTIVE: 'The invite link has expired or been cancelled.',
  ALREADY_MEMBER: 'You are already a member of this space.',
  RESTRICTED: INVITATION_RESTRICTED_MESSAGE,
  NO_SEAT: 'There is no seat available in this space anymore. Ask the space owner to add seats.',
  TOKEN_REQUIRED: 'An invitation token is required.',
  DISABLED: 'Sorry, your account is disabled. Contact your space administrator to solve this issue.',
} as const;

export type InvitationFailure = { status: number; reason?: string | null; message?: string | null };

/**
 * The text the invitation page shows for a failed acceptance (spec 002 §8): by status and reason;
 * other errors show the server's message.
 */
export const invitationFailureMessage = ({ status, reason, message }: InvitationFailure): string => {
  if (status === 404) return INVITATION_MESSAGES.INVALID;
  if (status === 403) return INVITATION_MESSAGES.WRONG_ACCOUNT;
  if (status === 409 && reason === INVITATION_ERROR_REASONS.NOT_ACTIVE) return INVITATION_MESSAGES.NOT_ACTIVE;
  if (status === 409 && reason === INVITATION_ERROR_REASONS.ALREADY_MEMBER)
    return INVITATION_MESSAGES.ALREADY_MEMBER;
  if (status === 409 && reason === INVITATION_ERROR_REASONS.RESTRICTED) return INVITATION_MESSAGES.RESTRICTED;
  return message ?? INVITATION_MESSAGES.INVALID;
};

/** The wrong-account state offers a switch-account action (spec 002 §2.10, issue 7). */
export const isWrongAccountFailure = ({ status }: InvitationFailure): boolean => status === 403;

/** Path of the invitation page (spec 002 §2.1); `status` 'accept' accepts automatically. */
export const invitationPath = (token: string, status?: 'accept'): string =>
  `/invitations/${encodeURIComponent(token)}${status ? `/${status}` : ''}`;
