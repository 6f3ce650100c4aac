import { z } from 'zod';
import { legacyTypeSchema, spacePlanSchema, spaceStatusSchema, userPlanSchema } from '../plans/plans';
import { roleSchema } from '../roles/roles';
import { spaceNameSchema } from '../spaces/space-name';

const workspaceFeatureSchema = z.object({
  userPlan: userPlanSchema,
  hasMultiDomain: z.boolean(),
  allowedUserCount: z.number().int(),
});

/** Space details of GET /api/v1/workspaces/{id} (spec 000 §3 "Workspace"). */
export const workspaceSchema = z
  .object({
    workspaceId: z.string().uuid(),
    id: z.string().uuid(),
    workspaceName: z.string(),
    name: z.string(),
    role: roleSchema,
    urlPrefix: z.string(),
    workspacePlan: spacePlanSchema,
    plan: spacePlanSchema,
    legacyType: legacyTypeSchema.nullable(),
    isPerSeat: z.boolean(),
    status: spaceStatusSchema,
    memberInviteUser: z.boolean(),
    workspaceUserFeature: z.object({ workspacePlan: spacePlanSchema, userPlan: userPlanSchema }),
    /** true for the space the add-on sends e-mails from */
    isAddonWorkspace: z.boolean(),
    memberCount: z.number().int().optional(),
    workspaceFeatures: z.array(workspaceFeatureSchema).optional(),
    workspaceDomains: z.array(z.object({ domainName: z.string() })).optional(),
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof workspaceSchema>;

export const getWorkspaceQuerySchema = z.object({
  includeDomains: z.enum(['true', 'false']).optional(),
  includeFeatures: z.enum(['true', 'false']).optional(),
  includeMembersCount: z.enum(['true', 'false']).optional(),
});

export const workspaceListSchema = z.object({ items: z.array(workspaceSchema) });

/** POST /api/v1/workspaces (spec 000 §7); the name rules live in spaces/space-name. */
export const createWorkspaceBodySchema = z.object({
  workspaceName: spaceNameSchema,
  userId: z.string().uuid(),
  memberInviteUser: z.boolean().default(true),
});
export type CreateWorkspaceBody = z.input<typeof createWorkspaceBodySchema>;

/** PUT /api/v1/workspaces/{id} */
export const updateWorkspaceBodySchema = z.object({
  workspaceName: spaceNameSchema,
  memberInviteUser: z.boolean().optional(),
});
