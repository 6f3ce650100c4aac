import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { canAccessGeneralSettings } from '@mergedesk/domain/roles/permissions';
import { membershipOf, userOf, type SpaceAccess } from '../../lib/access';
import { route } from '../../lib/endpoint-route';
import { errorResponses, isTrue } from '../../lib/openapi';
import { createWorkspace, getWorkspace, listWorkspaces, updateWorkspace } from './workspaces.service';

const tags = ['workspaces'];

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
  route(
    app,
    'workspaces.list',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The signed-in user's spaces",
        response: errorResponses(401, 404),
      },
    },
    async (request) => ({ items: await listWorkspaces(db, userOf(request)) }),
  );

  route(
    app,
    'workspaces.get',
    {
      config: { access: 'user', space: readSpace },
      schema: {
        tags,
        summary: 'Space details; domains, features and member count on request',
        response: errorResponses(400, 401, 404),
      },
    },
    async (request) =>
      getWorkspace(db, userOf(request), membershipOf(request), {
        domains: isTrue(request.query.includeDomains),
        features: isTrue(request.query.includeFeatures),
        membersCount: isTrue(request.query.includeMembersCount),
      }),
  );

  route(
    app,
    'workspaces.create',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Create a space owned by the signed-in user (at most 5 owned spaces)',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createWorkspace(db, userOf(request), request.body)),
  );

  route(
    app,
    'workspaces.update',
    {
      config: { access: 'user', space: changeSpace },
      schema: {
        tags,
        summary: 'Rename a space or change whether members may invite (owner only)',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => updateWorkspace(db, userOf(request), membershipOf(request), request.body),
  );

  done();
};
