import { parseListQuery, type ListQuery } from '@mergedesk/domain/api/list-query';
import {
  TEAM_REPORT_FILTER_KEYS,
  TEAM_REPORT_SORT_KEYS,
  TEAM_REPORT_STATUS_FILTER_MESSAGE,
  type TeamMember,
  type TeamMemberList,
  type TeamSummary,
} from '@mergedesk/domain/api/team-report';
import { memberStatusSchema, type MemberStatus } from '@mergedesk/domain/plans/plans';
import type { Database } from '../../db/client';
import type { SpaceMembership } from '../../lib/access';
import { containsPattern, listQueryFailed } from '../../lib/list-query';
import { listTeamMembers, summarizeTeam, type SentWindow, type TeamMemberRow } from './team-report.repo';

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_MS = 30 * DAY_MS;

/**
 * Spec 002 §2.5 / §9: 'sent this month' means the last 30 days. Counters are monthly, so the window
 * is read as the current (UTC) month in full plus the previous month prorated by the part of it that
 * falls inside the 30 days (an even spread over that month). Exact per-day figures would need
 * per-day counters.
 */
export function lastThirtyDaysWindow(now: Date): SentWindow {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const monthStart = Date.UTC(year, month, 1);
  const previousStart = Date.UTC(year, month - 1, 1);
  const windowStart = now.getTime() - WINDOW_MS;
  const overlap = Math.max(0, monthStart - windowStart);
  const previous = new Date(previousStart);
  return {
    current: { year, month: month + 1 },
    previous: { year: previous.getUTCFullYear(), month: previous.getUTCMonth() + 1 },
    previousShare: Math.min(1, overlap / (monthStart - previousStart)),
  };
}

/** GET /api/workspaces/{id}/team-report/members (spec 002 §2.5, §7). */
export async function getTeamMembers(
  db: Database,
  membership: SpaceMembership,
  query: ListQuery,
  now: Date = new Date(),
): Promise<TeamMemberList> {
  const parsed = parseListQuery(query, {
    filterKeys: TEAM_REPORT_FILTER_KEYS,
    sortKeys: TEAM_REPORT_SORT_KEYS,
  });
  if (!parsed.ok) throw listQueryFailed(parsed.issues);
  const { filters, ...rest } = parsed.value;
  const statuses: MemberStatus[] = [];
  for (const value of filters.memberStatus ?? []) {
    const status = memberStatusSchema.safeParse(value);
    if (!status.success) {
      throw listQueryFailed([{ field: 'filterBy', message: TEAM_REPORT_STATUS_FILTER_MESSAGE }]);
    }
    statuses.push(status.data);
  }
  const { rows, total } = await listTeamMembers(db, membership.workspace.id, lastThirtyDaysWindow(now), {
    ...rest,
    filters: {
      ...(filters.memberStatus ? { memberStatus: statuses } : {}),
      ...(filters.search ? { search: filters.search.map(containsPattern) } : {}),
    },
  });
  return { items: rows.map(toTeamMember), total };
}

/**
 * GET /api/workspaces/{id}/team-report/summary (spec 002 §2.5, §3 "Team summary"): active users are
 * the members the report lists by default (ACTIVE and LEGACY), and the sums are theirs — the sum of
 * the rows (issue 9: a summary that disagrees with its rows is not trusted).
 */
export async function getTeamSummary(
  db: Database,
  membership: SpaceMembership,
  now: Date = new Date(),
): Promise<TeamSummary> {
  const summary = await summarizeTeam(db, membership.workspace.id, lastThirtyDaysWindow(now));
  return {
    activeUserCount: summary.activeUserCount,
    emailSentAllTime: summary.sentAllTime,
    emailSentThisMonth: summary.sentInWindow,
  };
}

function toTeamMember(row: TeamMemberRow): TeamMember {
  return {
    userId: row.userId,
    userName: row.userName ?? '',
    userEmail: row.email,
    lastEmailSentTimestamp: row.lastEmailSentAt?.getTime() ?? null,
    emailSentThisMonth: row.sentInWindow,
    emailSentAllTime: row.sentAllTime,
    userProfilePictureUrl: row.profilePictureUrl,
    memberStatus: row.status,
  };
}
