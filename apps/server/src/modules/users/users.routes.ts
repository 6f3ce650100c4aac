import { canManageMembers } from '@mergedesk/domain/members/permissions';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { membershipOf, sessionOf, userOf } from '../../lib/access';
import { route } from '../../lib/endpoint-route';
import { errorResponses, isTrue } from '../../lib/openapi';
import { createUser, getCurrentUser, getRolloutStatus, getUserById, suggestUsers } from './users.service';

const tags = ['users'];

const SUGGESTIONS_FORBIDDEN_MESSAGE = 'Only an admin or the owner of this space can add members.';

/** The current user, account creation, suggestions and rollout status, under /api/v2/users (spec 000 §7). */
export const usersRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  route(
    app,
    'users.me',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The signed-in user, with their spaces when includeWorkspaces=true',
        response: errorResponses(400, 401, 404),
      },
    },
    async (request) =>
      getCurrentUser(db, userOf(request), { includeWorkspaces: isTrue(request.query.includeWorkspaces) }),
  );

  route(
    app,
    'users.suggest',
    {
      config: {
        access: 'user',
        // Suggestions name accounts outside the space: only those who may add members get them.
        space: {
          from: { query: 'workspaceId' },
          role: 'ADMIN',
          capability: { rule: canManageMembers, message: SUGGESTIONS_FORBIDDEN_MESSAGE },
        },
      },
      schema: {
        tags,
        summary: 'People the caller may add to a space, by e-mail or name',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => ({
      items: await suggestUsers(db, userOf(request), membershipOf(request), request.query.keyword),
    }),
  );

  route(
    app,
    'users.rolloutStatus',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Rollout status of the signed-in user',
        response: errorResponses(400, 401, 404),
      },
    },
    async (request) => getRolloutStatus(db, userOf(request)),
  );

  route(
    app,
    'users.create',
    {
      // A session without an account is exactly who creates one.
      config: { access: 'session' },
      schema: {
        tags,
        summary: 'Create the account of the signed-in person',
        response: errorResponses(400, 401, 403, 409),
      },
    },
    async (request, reply) => {
      const user = await createUser(db, sessionOf(request), request.body);
      return reply.status(201).send(user);
    },
  );

  route(
    app,
    'users.get',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A user by id (only the signed-in user)',
        response: errorResponses(400, 401, 404),
      },
    },
    async (request) =>
      getUserById(db, userOf(request), request.params.id, {
        includeWorkspaces: isTrue(request.query.includeWorkspaces),
      }),
  );

  done();
};
