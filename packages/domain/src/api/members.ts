import { z } from 'zod';
import { memberStatusSchema, paymentSourceSchema, userPlanSchema } from '../plans/plans';
import { roleSchema } from '../roles/roles';
import { MEMBER_MESSAGES } from '../members/messages';
import { ASSIGNABLE_ROLES } from '../members/permissions';
import { MAX_SEATS } from '../members/seats';
import { emailSchema } from '../users/email';

/** Keys the members list accepts in filterBy and sortBy. */
export const MEMBER_FILTER_KEYS = ['userRole', 'memberStatus', 'userPlan', 'memberEmail'] as const;
export const MEMBER_SORT_KEYS = ['createTimestamp', 'userName', 'memberEmail', 'userRole'] as const;

/** Item of GET /api/workspaces/{workspaceId}/members (spec 002 §3 "Member (members-list response, older)"). */
const memberSchema = z
  .object({
    userId: z.string().uuid().nullable(),
    userName: z.string(),
    memberEmail: z.string(),
    userRole: roleSchema,
    userPlan: userPlanSchema,
    memberStatus: memberStatusSchema,
    /** a huge sentinel value means no trial end (spec 002 §3) */
    freeTrialEndTimestamp: z.number().nullable(),
    createTimestamp: z.number(),
    isPersonal: z.boolean(),
    isUserInDomain: z.boolean(),
    isScheduledToBeDowngraded: z.boolean(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

export const memberListSchema = z.object({ items: z.array(memberSchema), total: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Administration calls of spec 002 §7 ("Members and users"), all under the API root (/api).
// "params body" calls take the payloads spec 002 §7 lists under "Calls whose paths are not shown".
// ---------------------------------------------------------------------------------------------

const userIdSchema = z.string().uuid();
const userEmailsSchema = z
  .array(emailSchema)
  .min(1, { error: MEMBER_MESSAGES.USER_EMAILS_REQUIRED })
  .max(MAX_SEATS, { error: `At most ${MAX_SEATS} addresses at once.` });
const userIdsSchema = z.array(userIdSchema).min(1, { error: 'At least one member is required.' }).max(1000);

/** Path parameters of every /workspaces/{workspaceId}/… administration call. */
export const workspaceIdParamsSchema = z.object({ workspaceId: z.string() });

/** Keys of GET /workspaces/{id}/users/v1 (seat members). */
export const SEAT_MEMBER_FILTER_KEYS = ['userStatus', 'userRole', 'search'] as const;
export const SEAT_MEMBER_SORT_KEYS = [
  'userName',
  'userEmail',
  'userRole',
  'userStatus',
  'createTimestamp',
] as const;

/** Item of GET /api/workspaces/{id}/users/v1 (spec 002 §3 "Space member (seat model), as returned"). */
const seatMemberSchema = z
  .object({
    workspaceId: z.string().uuid(),
    userEmail: z.string(),
    seatType: z.string().nullable(),
    userId: z.string().uuid().nullable(),
    userName: z.string(),
    userRole: roleSchema,
    userPlan: userPlanSchema,
    /** mapped with members/status seatMemberStatus */
    userStatus: memberStatusSchema,
    createTimestamp: z.number(),
    lastUpdateTimestamp: z.number(),
    lastBecomePaidTimestamp: z.number().nullable(),
    isPersonal: z.boolean(),
    freeTrialEndTimestamp: z.number().nullable(),
  })
  .meta({ id: 'SeatMember' });
export type SeatMember = z.infer<typeof seatMemberSchema>;
export const seatMemberListSchema = z.object({ items: z.array(seatMemberSchema), total: z.number().int() });

/** GET /api/workspaces/{id}/seats: spec 002 §3 "Subscription seat" (members/seats summarizeSeats). */
export const seatSummarySchema = z
  .object({
    totalSeats: z.number().int().nullable(),
    assignedSeats: z.number().int(),
    availableSeats: z.number().int().nullable(),
    unavailableSeats: z.number().int(),
    unlimited: z.boolean(),
    usagePercentage: z.number().nullable(),
    scheduledRemoval: z
      .object({ targetSeatsQuantity: z.number().int(), removeSeatsAtTimestamp: z.number() })
      .nullable(),
  })
  .meta({ id: 'SeatSummary' });
export type SeatSummaryResponse = z.infer<typeof seatSummarySchema>;

/**
 * GET /api/workspaces/{id}/seats: the seat summary with the payment source of the space's active
 * subscription (null: none), so the members screen knows when support manages the seats (spec 002
 * §6 removal disabled, §8 'If you wish to add or remove more seats, please contact support').
 */
export const spaceSeatsSchema = seatSummarySchema
  .extend({
    paymentSource: paymentSourceSchema.nullable(),
    /** Everybody in the space, joined or pending: the counter of a space without a seat limit. */
    memberCount: z.number().int(),
  })
  .meta({ id: 'SpaceSeats' });
export type SpaceSeatsResponse = z.infer<typeof spaceSeatsSchema>;

/** POST /api/workspaces/{id}/users/v1 (add members) and PATCH (remove members): body userEmails[]. */
export const userEmailsBodySchema = z.object({ userEmails: userEmailsSchema });
export type UserEmailsBody = z.input<typeof userEmailsBodySchema>;

/** One address of an add: errorDetails is null when it was added (spec 002 §3 "Add response"). */
const addResultSchema = z.object({
  userEmail: z.string(),
  errorDetails: z.string().nullable(),
  /** e.g. 'already_paid_user' (spec 002 §8, shown as ALREADY_PAID) */
  errorCode: z.string().nullable(),
});
export const addMembersResponseSchema = z
  .object({ success: z.boolean(), results: z.array(addResultSchema) })
  .meta({ id: 'AddMembersResponse' });
export type AddMembersResponse = z.infer<typeof addMembersResponseSchema>;

export const successResponseSchema = z.object({ success: z.boolean() }).meta({ id: 'SuccessResponse' });

/** Query of the validity-only mode (POST invitations / POST members). */
export const onlyCheckValidityQuerySchema = z.object({
  onlyCheckValidity: z.enum(['true', 'false']).optional(),
});

/** Spec 002 §3 "Invite validity result": email and errorMsg (null when valid). */
const validityItemSchema = z.object({ email: z.string(), errorMsg: z.string().nullable() });
export const validityResponseSchema = z
  .object({ items: z.array(validityItemSchema) })
  .meta({ id: 'ValidityResponse' });
export type ValidityResponse = z.infer<typeof validityResponseSchema>;

/** DELETE /api/workspaces/{id}/members: remove legacy users (userIds[]). */
export const removeMembersBodySchema = z.object({ userIds: userIdsSchema });
/** PUT /api/workspaces/{id}/members/activate: activate disabled users (userIds[]). */
export const activateMembersBodySchema = z.object({ userIds: userIdsSchema });

/** PUT /api/workspaces/{id}/members/change-role: spec 002 §3 "Role-change payload". */
export const changeRoleBodySchema = z.object({
  memberRoles: z
    .array(z.object({ userId: userIdSchema, userRole: z.enum(ASSIGNABLE_ROLES) }))
    .min(1, { error: 'At least one role change is required.' })
    .max(1000),
});
export type ChangeRoleBody = z.infer<typeof changeRoleBodySchema>;

/** GET /api/workspaces/{id}/members/promote-validity: may each free member become paid here? */
const promoteValidityItemSchema = z.object({
  userId: z.string().uuid(),
  userEmail: z.string(),
  /** 'already_paid_user' when the person is already paid in another space (spec 002 §8). */
  errorCode: z.enum(['already_paid_user']).nullable(),
});
export const promoteValidityResponseSchema = z.object({ items: z.array(promoteValidityItemSchema) });
export type PromoteValidityResponse = z.infer<typeof promoteValidityResponseSchema>;

/** PUT /api/workspaces/{id}/members/seats (ours, issue 21): give free members a paid seat. */
export const giveSeatsBodySchema = z.object({ userIds: userIdsSchema });
export const giveSeatsResponseSchema = z.object({
  success: z.boolean(),
  /** One per member given a seat; errorCode already_paid_user when they are paid elsewhere too. */
  results: z.array(
    z.object({
      userId: z.string().uuid(),
      userEmail: z.string(),
      errorCode: z.literal('already_paid_user').nullable(),
    }),
  ),
});
export type GiveSeatsResponse = z.infer<typeof giveSeatsResponseSchema>;

/** PUT /api/workspaces/{id}/owner: transfer ownership (workspaceId, userId). */
export const transferOwnershipBodySchema = z.object({
  userId: z.string({ error: MEMBER_MESSAGES.REQUIRED_FIELD }).uuid({ error: MEMBER_MESSAGES.REQUIRED_FIELD }),
});
export type TransferOwnershipBody = z.infer<typeof transferOwnershipBodySchema>;
export const transferOwnershipResponseSchema = z.object({
  workspaceId: z.string().uuid(),
  ownerUserId: z.string().uuid(),
  ownerEmail: z.string(),
});
