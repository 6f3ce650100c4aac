import {
  deleteWorkspaceBodySchema,
  deletedWorkspaceListSchema,
  deletedWorkspaceSchema,
  leaveWorkspaceResponseSchema,
} from '@mergedesk/domain/api/space-life';
import { SPACE_LIFE_MESSAGES } from '@mergedesk/domain/spaces/space-life';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { membershipOf, userOf, type SpaceAccess } from '../../lib/access';
import { errorResponses } from '../../lib/openapi';
import type { BillingContext } from '../billing/billing-context';
import { deleteSpace, leaveSpace, listDeletedSpaces, restoreSpace } from './space-life.service';

const tags = ['workspaces'];
// Not a uuid check: a malformed id is answered like an unknown one, 404 (ARCHITECTURE.md).
const workspaceParamsSchema = z.object({ id: z.string() });

// Anybody in the space may leave it, a DISABLED member too; the owner is refused by the service.
const leaveAccess: SpaceAccess = { from: { param: 'id' }, role: 'MEMBER', allowDisabled: true };
const deleteAccess: SpaceAccess = {
  from: { param: 'id' },
  role: 'OWNER',
  capability: { rule: (user) => user.role === 'OWNER', message: SPACE_LIFE_MESSAGES.ONLY_OWNER_DELETES },
};

/**
 * The life of a space (issue 21 item 6; paths ours): leave and delete under /api/v1/workspaces/{id};
 * the caller's deleted spaces and their restore under /api/v1/deleted-workspaces, where nobody is a
 * member any more (the owner is known from the deletion).
 */
export const spaceLifeRoutes: FastifyPluginCallbackZod<{ billing: BillingContext }> = (
  app,
  { billing },
  done,
) => {
  const db = billing.db;

  app.get(
    '/api/v1/deleted-workspaces',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Spaces of the signed-in user deleted and not yet erased (the owner may restore them)',
        response: { 200: deletedWorkspaceListSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => ({ items: await listDeletedSpaces(db, userOf(request)) }),
  );

  app.post(
    '/api/v1/workspaces/:id/leave',
    {
      config: { access: 'user', space: leaveAccess },
      schema: {
        tags,
        summary: 'Leave a space (not its owner): the seat is freed, personal opt-outs go along',
        params: workspaceParamsSchema,
        response: { 200: leaveWorkspaceResponseSchema, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => leaveSpace(db, userOf(request), membershipOf(request)),
  );

  app.delete(
    '/api/v1/workspaces/:id',
    {
      config: { access: 'user', space: deleteAccess },
      schema: {
        tags,
        summary:
          'Delete a space (owner only, typing its name): the subscription stops renewing, the data is erased after the grace period',
        params: workspaceParamsSchema,
        body: deleteWorkspaceBodySchema,
        response: { 200: deletedWorkspaceSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) =>
      deleteSpace(billing, userOf(request), membershipOf(request), request.body.workspaceName),
  );

  app.post(
    '/api/v1/deleted-workspaces/:id/restore',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Restore a deleted space before its data is erased (its owner only)',
        params: workspaceParamsSchema,
        response: { 200: z.object({ success: z.boolean() }), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => restoreSpace(db, userOf(request), request.params.id),
  );

  done();
};
