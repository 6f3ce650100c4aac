import { MEMBER_MESSAGES } from '@mergedesk/domain/members/messages';
import { canChangeRoles, canManageMembers } from '@mergedesk/domain/members/permissions';
import {
  canAccessGeneralSettings,
  canAccessUsers,
  canSendInvitation,
} from '@mergedesk/domain/roles/permissions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { membershipOf, userOf, type SpaceAccess } from '../../lib/access';
import { route } from '../../lib/endpoint-route';
import { errorResponses, isTrue } from '../../lib/openapi';
import type { AdminCaller } from './admin-context';
import type { MemberBillingFacts } from './billing-facts';
import type { MemberAccounts } from './member-accounts';
import {
  acceptInvitation,
  addMembers,
  cancelInvitations,
  resendInvitations,
  toAddResponse,
  toValidityResponse,
  type InvitationMailer,
} from './invitations.service';
import {
  activateMembers,
  changeRoles,
  getPromoteValidity,
  getSeatMembers,
  removeMembers,
  transferOwnership,
} from './member-actions.service';
import { getMembers, MEMBERS_FORBIDDEN_MESSAGE } from './members.service';
import { giveSeats } from './seat-grants.service';
import { getSeats } from './seats.service';

const tags = ['members'];
const from = { param: 'workspaceId' };

/**
 * Who may call (lib/access resolves the membership once; a stranger gets 404, a role or capability
 * below the declaration 403 with the rule's message). The services apply the per-target rules.
 */
// Spec 000 §6 "Access to users": any member of a space on a current plan, ADMIN and up in LEGACY spaces.
const readers: SpaceAccess = {
  from,
  role: 'MEMBER',
  capability: { rule: canAccessUsers, message: MEMBERS_FORBIDDEN_MESSAGE },
};
const member: SpaceAccess = { from, role: 'MEMBER' };
// Spec 002 §6: the manage-users actions are for OWNER and ADMIN.
const managers: SpaceAccess = {
  from,
  role: 'ADMIN',
  capability: { rule: canManageMembers, message: MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS },
};
// Spec 000 §6 "Send invitation" (the INVITATION rollout flag is checked by the service).
const inviters: SpaceAccess = {
  from,
  role: 'ADMIN',
  capability: { rule: canSendInvitation, message: MEMBER_MESSAGES.CANNOT_MANAGE_MEMBERS },
};
// Spec 002 §5 "Role change": the owner, with manageUserRoles, not on FREE or LEGACY.
const roleChangers: SpaceAccess = {
  from,
  role: 'OWNER',
  capability: {
    rule: (user) => canChangeRoles({ ...user, manageUserRoles: user.features?.manageUserRoles === true }),
    message: MEMBER_MESSAGES.CANNOT_CHANGE_ROLES,
  },
};
// Spec 002 §6: only the owner transfers the ownership (plan and rollout rules in the service).
const owner: SpaceAccess = {
  from,
  role: 'OWNER',
  capability: { rule: canAccessGeneralSettings, message: MEMBER_MESSAGES.CANNOT_TRANSFER },
};

/**
 * Members, seats, invitations and ownership of a space, under the API root /api (spec 002 §7
 * "Members and users"). Each service checks the caller's role with the packages/domain rules.
 */
export const membersRoutes: FastifyPluginCallbackZod<{
  db: Database;
  mailer: InvitationMailer;
  billing: MemberBillingFacts;
  accounts: MemberAccounts;
}> = (app, { db, mailer, billing, accounts }, done) => {
  const callerOf = (request: FastifyRequest): AdminCaller => ({
    user: userOf(request),
    membership: membershipOf(request),
    billing,
    accounts,
  });

  route(
    app,
    'members.list',
    {
      config: {
        access: 'user',
        space: readers,
      },
      schema: {
        tags,
        summary: 'Members of a space: filterBy userRole/memberStatus/userPlan/memberEmail, sortBy, paging',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getMembers(db, callerOf(request), request.query),
  );

  route(
    app,
    'members.seatMembers',
    {
      config: { access: 'user', space: readers },
      schema: {
        tags,
        summary:
          'Seat-model members: filterBy userStatus/userRole/search, sortBy, paging; pending last by default',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getSeatMembers(db, callerOf(request), request.query),
  );

  route(
    app,
    'members.seats',
    {
      config: { access: 'user', space: member },
      schema: {
        tags,
        summary: 'Seats of the space: total, assigned, reserved by pending members, available',
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) => getSeats(db, callerOf(request)),
  );

  route(
    app,
    'members.addSeatMembers',
    {
      config: { access: 'user', space: managers },
      schema: {
        tags,
        summary: 'Add members by e-mail (seat model): each gets a pending seat and an e-mailed invitation',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) =>
      toAddResponse(
        await addMembers(db, mailer, callerOf(request), 'SEAT_ADD', request.body.userEmails, {
          onlyCheckValidity: false,
        }),
      ),
  );

  route(
    app,
    'members.removeSeatMembers',
    {
      config: { access: 'user', space: managers },
      schema: {
        tags,
        summary: 'Remove members by e-mail (seat model)',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) =>
      removeMembers(db, callerOf(request), {
        emails: request.body.userEmails,
      }),
  );

  route(
    app,
    'members.addLegacyUsers',
    {
      config: { access: 'user', space: managers },
      schema: {
        tags,
        summary: "Legacy team 'Add users' (paid users), with a validity-only mode",
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) =>
      toValidityResponse(
        await addMembers(db, mailer, callerOf(request), 'LEGACY_ADD', request.body.userEmails, {
          onlyCheckValidity: isTrue(request.query.onlyCheckValidity),
        }),
      ),
  );

  route(
    app,
    'members.remove',
    {
      config: { access: 'user', space: managers },
      schema: {
        tags,
        summary: 'Remove members by user id',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) =>
      removeMembers(db, callerOf(request), {
        userIds: request.body.userIds,
      }),
  );

  route(
    app,
    'members.changeRoles',
    {
      config: { access: 'user', space: roleChangers },
      schema: {
        tags,
        summary: 'Change roles ADMIN ↔ MEMBER (owner, plan with manageUserRoles)',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => changeRoles(db, callerOf(request), request.body),
  );

  route(
    app,
    'members.activate',
    {
      config: { access: 'user', space: managers },
      schema: {
        tags,
        summary: 'Activate disabled members',
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request) => activateMembers(db, callerOf(request), request.body.userIds),
  );

  route(
    app,
    'members.promoteValidity',
    {
      config: { access: 'user', space: managers },
      schema: {
        tags,
        summary: "Whether each free member may become paid here ('already_paid_user' when paid elsewhere)",
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) => getPromoteValidity(db, callerOf(request)),
  );

  route(
    app,
    'members.giveSeats',
    {
      config: { access: 'user', space: managers },
      schema: {
        tags,
        summary: 'Give free members who joined a seat the space pays for (per-seat Pro and Premium; ours)',
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request) => giveSeats(db, callerOf(request), request.body.userIds),
  );

  route(
    app,
    'members.transferOwnership',
    {
      config: { access: 'user', space: owner },
      schema: {
        tags,
        summary: 'Transfer the ownership to a member; the previous owner becomes a member',
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request) => transferOwnership(db, callerOf(request), request.body),
  );

  route(
    app,
    'invitations.invite',
    {
      config: { access: 'user', space: inviters },
      schema: {
        tags,
        summary: 'Invite people by e-mail (or only check the addresses with onlyCheckValidity=true)',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) =>
      toValidityResponse(
        await addMembers(db, mailer, callerOf(request), 'INVITE', request.body.userEmails, {
          onlyCheckValidity: isTrue(request.query.onlyCheckValidity),
        }),
      ),
  );

  route(
    app,
    'invitations.resend',
    {
      config: { access: 'user', space: managers },
      schema: {
        tags,
        summary: 'Send the invitations of pending members again (new link, 14 more days)',
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request) => resendInvitations(db, mailer, callerOf(request), request.body.invitedUserEmails),
  );

  route(
    app,
    'invitations.cancel',
    {
      config: { access: 'user', space: managers },
      schema: {
        tags,
        summary: 'Cancel the invitations of pending members (they leave the list)',
        response: errorResponses(400, 401, 403, 404, 409),
      },
    },
    async (request) => cancelInvitations(db, callerOf(request), request.body.invitedUserEmails),
  );

  route(
    app,
    'invitations.accept',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Accept an invitation as the invited account (spec 002 §4.8)',
        response: errorResponses(401, 403, 404, 409),
      },
    },
    async (request) => acceptInvitation(db, userOf(request), request.params.token),
  );

  done();
};
