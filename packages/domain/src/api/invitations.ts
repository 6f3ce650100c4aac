import { z } from 'zod';
import { emailSchema } from '../users/email';
import { MEMBER_MESSAGES } from '../members/messages';
import { INVITATION_MESSAGES } from '../invitations/invitations';

/**
 * Invitation calls of spec 002 §7, under the API root (/api). Invite uses the same validity
 * response as the legacy add (api/members validityResponseSchema).
 */

const invitedEmailsSchema = z
  .array(emailSchema)
  .min(1, { error: MEMBER_MESSAGES.USER_EMAILS_REQUIRED })
  .max(100);

/** POST /api/workspaces/{id}/invitations?onlyCheckValidity=: body userEmails[]. */
export const inviteBodySchema = z.object({ userEmails: invitedEmailsSchema });
export type InviteBody = z.input<typeof inviteBodySchema>;

/** PUT /api/workspaces/{id}/invitations/resend and DELETE /api/workspaces/{id}/invitations. */
export const invitedEmailsBodySchema = z.object({ invitedUserEmails: invitedEmailsSchema });
export type InvitedEmailsBody = z.input<typeof invitedEmailsBodySchema>;

/** PUT /api/invitations/{token}/accept */
export const invitationTokenParamsSchema = z.object({
  token: z
    .string({ error: INVITATION_MESSAGES.TOKEN_REQUIRED })
    .min(1, { error: INVITATION_MESSAGES.TOKEN_REQUIRED })
    .max(200),
});

/** Spec 002 §3 "Invitation acceptance response". */
export const acceptInvitationResponseSchema = z
  .object({ workspaceId: z.string().uuid(), workspaceName: z.string() })
  .meta({ id: 'AcceptInvitationResponse' });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
