import { z } from 'zod';
import { clientText } from '../text/client-text';
import { memberStatusSchema } from '../plans/plans';

/**
 * Team report (spec 002 §2.5, §3 "Team member" / "Team summary", §7), under /api (root), for
 * members whose features include canAccessTeamReport (403 otherwise):
 * - GET /workspaces/{id}/team-report/members?filterBy=memberStatus:ACTIVE,memberStatus:LEGACY[,search:…]&sortBy&limit&limitOffset → { items, total }
 * - GET /workspaces/{id}/team-report/summary → TeamSummary
 * "Sent this month" is labelled 'last 30 days' (§2.5, §9); it is computed from monthly counters:
 * the current calendar month plus the previous month's share of the 30-day window.
 */
export const TEAM_REPORT_FILTER_KEYS = ['memberStatus', 'search'] as const;
export const TEAM_REPORT_SORT_KEYS = [
  'userName',
  'userEmail',
  'lastEmailSentTimestamp',
  'emailSentThisMonth',
  'emailSentAllTime',
] as const;
export type TeamReportSortKey = (typeof TEAM_REPORT_SORT_KEYS)[number];

export const TEAM_REPORT_TOTAL_CAP = 10000;

export { TEAM_REPORT_FORBIDDEN_MESSAGE } from './team-report-messages';
/** 400 for a memberStatus filter value that is not a member status. */
export const TEAM_REPORT_STATUS_FILTER_MESSAGE = 'Unknown member status.';

const teamMemberSchema = z
  .object({
    userId: z.string().nullable(),
    userName: z.string(),
    userEmail: z.string(),
    lastEmailSentTimestamp: z.number().nullable(),
    /** the last 30 days (§2.5) */
    emailSentThisMonth: z.number().int(),
    emailSentAllTime: z.number().int(),
    userProfilePictureUrl: z.string().nullable(),
    memberStatus: memberStatusSchema,
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamMemberListSchema = z.object({
  items: z.array(teamMemberSchema),
  /** the number of matching rows, capped at TEAM_REPORT_TOTAL_CAP */
  total: z.number().int(),
});
export type TeamMemberList = z.infer<typeof teamMemberListSchema>;

export const teamSummarySchema = z
  .object({
    activeUserCount: z.number().int(),
    emailSentAllTime: z.number().int(),
    /** the last 30 days (§2.5) */
    emailSentThisMonth: z.number().int(),
  })
  .meta({ id: 'TeamSummary' });
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamReportParamsSchema = z.object({ id: clientText() });
