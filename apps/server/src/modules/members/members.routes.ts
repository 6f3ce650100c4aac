import { listQuerySchema } from '@mergedesk/domain/api/list-query';
import { memberListSchema } from '@mergedesk/domain/api/members';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { canAccessUsers } from '@mergedesk/domain/roles/permissions';
import { membershipOf } from '../../lib/access';
import { errorResponses } from '../../lib/openapi';
import { getMembers, MEMBERS_FORBIDDEN_MESSAGE } from './members.service';

const tags = ['members'];

/** Members of a space, under /api/workspaces/{workspaceId}/members (spec 002 §7). */
export const membersRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  app.get(
    '/workspaces/:workspaceId/members',
    {
      config: {
        access: 'user',
        // Spec 000 §6 "Access to users": any member of a space on a current plan, ADMIN and up in LEGACY spaces.
        space: {
          from: { param: 'workspaceId' },
          role: 'MEMBER',
          capability: { rule: canAccessUsers, message: MEMBERS_FORBIDDEN_MESSAGE },
        },
      },
      schema: {
        tags,
        summary: 'Members of a space: filterBy userRole/memberStatus/userPlan/memberEmail, sortBy, paging',
        params: z.object({ workspaceId: z.string() }),
        querystring: listQuerySchema,
        response: { 200: memberListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getMembers(db, membershipOf(request), request.query),
  );

  done();
};
