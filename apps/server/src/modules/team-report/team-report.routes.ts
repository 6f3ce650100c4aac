import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { TEAM_REPORT_FORBIDDEN_MESSAGE } from '@mergedesk/domain/api/team-report';
import { canAccessTeamReport } from '@mergedesk/domain/roles/permissions';
import { membershipOf, type SpaceAccess } from '../../lib/access';
import { route } from '../../lib/endpoint-route';
import { errorResponses } from '../../lib/openapi';
import { getTeamMembers, getTeamSummary } from './team-report.service';

const tags = ['team report'];

/** Spec 002 §6: the team report requires canAccessTeamReport (the teamAnalyticsDashboard feature). */
const teamReportAccess: SpaceAccess = {
  from: { param: 'id' },
  role: 'MEMBER',
  capability: { rule: canAccessTeamReport, message: TEAM_REPORT_FORBIDDEN_MESSAGE },
};

/** Team report of a space, under /api (spec 002 §2.5, §7 "Team report"). */
export const teamReportRoutes: FastifyPluginCallbackZod<{ db: Database }> = (app, { db }, done) => {
  route(
    app,
    'teamReport.members',
    {
      config: { access: 'user', space: teamReportAccess },
      schema: {
        tags,
        summary:
          'Members with their sending figures (emailSentThisMonth = last 30 days): filterBy memberStatus, search; sortBy userName/userEmail/lastEmailSentTimestamp/emailSentThisMonth/emailSentAllTime',
        response: errorResponses(400, 401, 403, 404),
      },
    },
    async (request) => getTeamMembers(db, membershipOf(request), request.query),
  );

  route(
    app,
    'teamReport.summary',
    {
      config: { access: 'user', space: teamReportAccess },
      schema: {
        tags,
        summary: 'Active users and e-mails sent in the space, all time and in the last 30 days',
        response: errorResponses(401, 403, 404),
      },
    },
    async (request) => getTeamSummary(db, membershipOf(request)),
  );

  done();
};
