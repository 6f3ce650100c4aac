import {
  createWorkspaceBodySchema,
  getWorkspaceQuerySchema,
  updateWorkspaceBodySchema,
  workspaceListSchema,
  workspaceSchema,
} from '@mergedesk/domain/api/workspaces';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { canAccessGeneralSettings } from '@mergedesk/domain/roles/permissions';
import { membershipOf, userOf, type SpaceAccess } from '../../lib/access';
import { errorResponses, isTrue } from '../../lib/openapi';
import { createWorkspace, getWorkspace, listWorkspaces, updateWorkspace } from './workspaces.service';

const tags = ['workspaces'];
// Not a uuid check: a malformed id is answered like an unknown one, 404 (ARCHITECTURE.md).
const workspaceParamsSchema = z.object({ id: z.string() });

export const GENERAL_SETTINGS_OWNER_ONLY_MESSAGE = 'Only the owner of this space can change its settings.';

// Spec 000 §4: a DISABLED member still gets the summary (the shell shows them the disabled page).
const readSpace: SpaceAccess = { from: { param: 'id' }, role: 'MEMBER', allowDisabled: true };
// Spec 000 §6: general settings (renaming the space) are OWNER only.
const changeSpace: SpaceAccess = {
  from: { param: 'id' },
  role: 'OWNER',
  capability: { rule: canAccessGeneralSettings, message: GENERAL_SETTINGS_OWNER_ONLY_MESSAGE },
};

/** Spaces of the signed-in user, under /api/v1/workspaces (spec 000 §7). */
export const workspacesRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get(
    '',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The signed-in user's spaces",
        response: { 200: workspaceListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ items: await listWorkspaces(db, userOf(request)) }),
  );

  app.get(
    '/:id',
    {
      config: { access: 'user', space: readSpace },
      schema: {
        tags,
        summary: 'Space details; domains, features and member count on request',
        params: workspaceParamsSchema,
        querystring: getWorkspaceQuerySchema,
        response: { 200: workspaceSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      getWorkspace(db, userOf(request), membershipOf(request), {
        domains: isTrue(request.query.includeDomains),
        features: isTrue(request.query.includeFeatures),
        membersCount: isTrue(request.query.includeMembersCount),
      }),
  );

  app.post(
    '',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Create a space owned by the signed-in user (at most 5 owned spaces)',
        body: createWorkspaceBodySchema,
        response: { 201: workspaceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWorkspace(db, userOf(request), request.body)),
  );

  app.put(
    '/:id',
    {
      config: { access: 'user', space: changeSpace },
      schema: {
        tags,
        summary: 'Rename a space or change whether members may invite (owner only)',
        params: workspaceParamsSchema,
        body: updateWorkspaceBodySchema,
        response: { 200: workspaceSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateWorkspace(db, userOf(request), membershipOf(request), request.body),
  );

  done();
};
