import { z } from 'zod';
import { memberStatusSchema, userPlanSchema } from '../plans/plans';
import { roleSchema } from '../roles/roles';

/** Keys the members list accepts in filterBy and sortBy. */
export const MEMBER_FILTER_KEYS = ['userRole', 'memberStatus', 'userPlan', 'memberEmail'] as const;
export const MEMBER_SORT_KEYS = ['createTimestamp', 'userName', 'memberEmail', 'userRole'] as const;

/** Item of GET /api/workspaces/{workspaceId}/members (spec 002 §3 "Member (members-list response, older)"). */
export const memberSchema = z
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
