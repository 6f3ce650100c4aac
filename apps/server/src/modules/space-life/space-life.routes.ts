import { SPACE_LIFE_MESSAGES } from '@mergedesk/domain/spaces/space-life';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { membershipOf, userOf, type SpaceAccess } from '../../lib/access';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import type { BillingContext } from '../billing/billing-context';
import { deleteSpace, leaveSpace, listDeletedSpaces, restoreSpace } from './space-life.service';

const tags = ['workspaces'];

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

  route(
    app,
    'spaceLife.deletedSpaces',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Spaces of the signed-in user deleted and not yet erased (the owner may restore them)',
        response: errorResponses(401, 404),
      },
    },
    async (request) => ({ items: await listDeletedSpaces(db, userOf(request)) }),
  );

  route(
    app,
    'spaceLife.leave',
    {
      config: { access: 'user', space: leaveAccess },
      schema: {
        tags,
        summary: 'Leave a space (not its owner): the seat is freed, personal opt-outs go along',
        response: errorResponses(401, 404, 409),
      },
    },
    async (request) => leaveSpace(db, userOf(request), membershipOf(request)),
  );

  route(
    app,
    'spaceLife.delete',
    {
      config: { access: 'user', space: deleteAccess },
      schema: {
        tags,
        summary:
          'Delete a space (owner only, typing its name): the subscription stops renewing, the data is erased after the grace period',
        response: errorResponses(400, 401, 403, 404, 409, 503),
      },
    },
    async (request) =>
      deleteSpace(billing, userOf(request), membershipOf(request), request.body.workspaceName),
  );

  route(
    app,
    'spaceLife.restore',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Restore a deleted space before its data is erased (its owner only)',
        response: errorResponses(401, 403, 404, 409),
      },
    },
    async (request) => restoreSpace(db, userOf(request), request.params.id),
  );

  done();
};
