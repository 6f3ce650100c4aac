import { z } from 'zod';
import { clientText } from '../text/client-text';
import {
  legacyTypeSchema,
  memberStatusSchema,
  spacePlanSchema,
  userPlanSchema,
  userTypeSchema,
} from '../plans/plans';
import { roleSchema } from '../roles/roles';
import { emailSchema } from '../users/email';

const monthlySentMailsSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  count: z.number().int(),
});

const otherFeaturesSchema = z.object({
  teamAnalyticsDashboard: z.boolean(),
  manageUserRoles: z.boolean(),
  transferOwnerShip: z.boolean(),
  shareUnsubscribesAcrossWorkspace: z.boolean(),
  shareBouncesAccrossWorkspace: z.boolean(),
});
export type OtherFeatures = z.infer<typeof otherFeaturesSchema>;

/** One entry of `userWorkspaces` (spec 000 §3). Timestamps are milliseconds since the epoch. */
const userWorkspaceSchema = z
  .object({
    workspaceId: z.string().uuid(),
    workspaceName: z.string(),
    workspacePlan: spacePlanSchema,
    userPlan: userPlanSchema,
    userRole: roleSchema,
    status: memberStatusSchema,
    urlPrefix: z.string(),
    legacyPlanType: legacyTypeSchema.nullable(),
    /** true when the space is billed per seat, false for the older per-user model */
    isPerSeat: z.boolean(),
    workspaceUserFeature: z.object({
      workspacePlan: spacePlanSchema,
      userPlan: userPlanSchema,
      hasMultiDomain: z.boolean(),
      allowedUserCount: z.number().int(),
      otherFeatures: otherFeaturesSchema,
    }),
    counters: z.object({
      totalNumberOfMailsSent: z.object({ count: z.number().int() }),
      monthlySentMails: z.array(monthlySentMailsSchema),
    }),
  })
  .meta({ id: 'UserWorkspace' });
export type UserWorkspace = z.infer<typeof userWorkspaceSchema>;

/** The current user of GET /api/v2/users/{id|me} (spec 000 §3). */
export const currentUserSchema = z
  .object({
    userId: z.string().uuid(),
    id: z.string().uuid(),
    userEmail: z.string(),
    userName: z.string(),
    profilePictureUrl: z.string().nullable(),
    isPersonal: userTypeSchema,
    installationTimestamp: z.number().nullable(),
    lastUpdateTimestamp: z.number(),
    domain: z.object({ domainName: z.string() }),
    addonWorkspaceId: z.string().uuid().nullable(),
    freeUserQuota: z.number().int().nullable(),
    userWorkspaces: z.array(userWorkspaceSchema).optional(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const getUserQuerySchema = z.object({
  includeWorkspaces: z.enum(['true', 'false']).optional(),
});

/** POST /api/v2/users/workspace-activation-create-user */
export const createUserBodySchema = z.object({
  userEmail: emailSchema,
  createSource: z.literal('WEBAPP'),
});
export const createUserQuerySchema = z.object({ checkPeopleApi: z.enum(['true', 'false']).optional() });

/** GET /api/v2/users/suggest */
export const suggestQuerySchema = z.object({
  keyword: clientText().trim().max(320).default(''),
  workspaceId: z.string().uuid(),
});
const suggestedUserSchema = z.object({ userEmail: z.string(), userName: z.string() });
export type SuggestedUser = z.infer<typeof suggestedUserSchema>;
export const suggestResponseSchema = z.object({ items: z.array(suggestedUserSchema) });

/** GET /api/v2/users/workspace-activation-status/me (spec 000 §3 "Rollout status") */
export const rolloutStatusQuerySchema = z.object({
  checkIsRegistered: z.enum(['true', 'false']).optional(),
  includeUserV1: z.enum(['true', 'false']).optional(),
  includeUserV2: z.enum(['true', 'false']).optional(),
  includeUserV2Workspace: z.enum(['true', 'false']).optional(),
  includeFBData: z.enum(['true', 'false']).optional(),
});
export const rolloutStatusSchema = z
  .object({
    isRegistered: z.boolean(),
    isEligible: z.boolean(),
    isPerSeat: z.boolean(),
    userV2: z.boolean(),
    lastActivatedStep: z.number().int().nullable(),
  })
  .meta({ id: 'RolloutStatus' });
export type RolloutStatus = z.infer<typeof rolloutStatusSchema>;
