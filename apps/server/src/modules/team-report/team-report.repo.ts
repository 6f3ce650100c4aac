import type { ParsedListQuery } from '@mergedesk/domain/api/list-query';
import {
  TEAM_REPORT_TOTAL_CAP,
  type TEAM_REPORT_FILTER_KEYS,
  type TEAM_REPORT_SORT_KEYS,
} from '@mergedesk/domain/api/team-report';
import type { MemberStatus } from '@mergedesk/domain/plans/plans';
import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { campaignView, monthlySentMailsView } from '../campaigns/campaigns.views';
import { memberView } from '../members/members.views';
import { userView } from '../users/users.views';
import { ONE, pageWithCappedTotal } from '../../lib/list-query';

type TeamReportSortKey = (typeof TEAM_REPORT_SORT_KEYS)[number];

type YearMonth = { year: number; month: number };

/**
 * The 'last 30 days' read from monthly counters (spec 002 §2.5): the current month in full plus
 * `previousShare` (0…1) of the previous month.
 */
export type SentWindow = { current: YearMonth; previous: YearMonth; previousShare: number };

export type TeamReportListQuery = Omit<
  ParsedListQuery<(typeof TEAM_REPORT_FILTER_KEYS)[number], TeamReportSortKey>,
  'filters'
> & {
  filters: { memberStatus?: MemberStatus[]; search?: string[] };
};

export type TeamMemberRow = {
  userId: string | null;
  userName: string | null;
  email: string;
  profilePictureUrl: string | null;
  status: MemberStatus;
  lastEmailSentAt: Date | null;
  sentInWindow: number;
  sentAllTime: number;
};

function sentInWindowExpression(window: SentWindow): SQL<number> {
  const isMonth = ({ year, month }: YearMonth) =>
    sql`(${monthlySentMailsView.year} = ${year} and ${monthlySentMailsView.month} = ${month})`;
  return sql<number>`(coalesce(sum(case when ${isMonth(window.current)} then ${monthlySentMailsView.count} else 0 end), 0)
    + round(coalesce(sum(case when ${isMonth(window.previous)} then ${monthlySentMailsView.count} else 0 end), 0) * ${window.previousShare}::numeric))::int`;
}

/**
 * Each sender's figures in the space: the last 30 days (rounded per person) and all time. The rows
 * of the report and its summary both read them, so the summary is the sum of the rows (issue 9).
 */
function sentPerUser(db: Executor, workspaceId: string, window: SentWindow) {
  return db
    .select({
      userId: monthlySentMailsView.userId,
      inWindow: sentInWindowExpression(window).as('in_window'),
      allTime: sql<number>`sum(${monthlySentMailsView.count})::bigint`.as('all_time'),
    })
    .from(monthlySentMailsView)
    .where(eq(monthlySentMailsView.workspaceId, workspaceId))
    .groupBy(monthlySentMailsView.userId)
    .as('sent');
}

/** The space's members with their sending figures; paging, sorting and filters in SQL. */
export async function listTeamMembers(
  db: Executor,
  workspaceId: string,
  window: SentWindow,
  query: TeamReportListQuery,
): Promise<{ rows: TeamMemberRow[]; total: number }> {
  const sent = sentPerUser(db, workspaceId, window);
  const lastSent = db
    .select({
      userId: campaignView.userId,
      lastEmailSentAt: sql<Date | null>`max(${campaignView.lastEmailSentAt})`.as('last_email_sent_at'),
    })
    .from(campaignView)
    .where(and(eq(campaignView.workspaceId, workspaceId), eq(campaignView.isFormNotification, false)))
    .groupBy(campaignView.userId)
    .as('last_sent');

  const sentInWindow = sql<number>`coalesce(${sent.inWindow}, 0)`;
  const sentAllTime = sql<number>`coalesce(${sent.allTime}, 0)`;
  const sortColumns: Record<TeamReportSortKey, SQL> = {
    userName: sql`lower(coalesce(${userView.name}, ''))`,
    userEmail: sql`${memberView.email}`,
    lastEmailSentTimestamp: sql`${lastSent.lastEmailSentAt}`,
    emailSentThisMonth: sentInWindow,
    emailSentAllTime: sentAllTime,
  };
  const { memberStatus, search } = query.filters;
  const where = and(
    eq(memberView.workspaceId, workspaceId),
    memberStatus ? inArray(memberView.status, memberStatus) : undefined,
    ...(search ?? []).map((pattern) =>
      or(sql`${memberView.email} ilike ${pattern}`, sql`${userView.name} ilike ${pattern}`),
    ),
  );
  const sort = query.sort.length > 0 ? query.sort : [{ key: 'userName' as const, direction: 'asc' as const }];
  const rowsQuery = db
    .select({
      userId: memberView.userId,
      userName: userView.name,
      email: memberView.email,
      profilePictureUrl: userView.profilePictureUrl,
      status: memberView.status,
      lastEmailSentAt: sql<Date | null>`${lastSent.lastEmailSentAt}`.mapWith(toDateOrNull),
      sentInWindow: sentInWindow.mapWith(Number),
      sentAllTime: sentAllTime.mapWith(Number),
    })
    .from(memberView)
    .leftJoin(userView, eq(userView.id, memberView.userId))
    .leftJoin(sent, eq(sent.userId, memberView.userId))
    .leftJoin(lastSent, eq(lastSent.userId, memberView.userId))
    .where(where)
    .orderBy(
      ...sort.map(({ key, direction }) =>
        direction === 'desc'
          ? sql`${sortColumns[key]} desc nulls last`
          : sql`${sortColumns[key]} asc nulls last`,
      ),
      sql`${memberView.email} asc`,
    )
    .limit(query.limit)
    .offset(query.offset);
  const matching = db
    .select(ONE)
    .from(memberView)
    .leftJoin(userView, eq(userView.id, memberView.userId))
    .where(where)
    .$dynamic();
  return pageWithCappedTotal(db, rowsQuery, matching, TEAM_REPORT_TOTAL_CAP);
}

/** Members counted as active users by the summary. */
const ACTIVE_MEMBER_STATUSES: readonly MemberStatus[] = ['ACTIVE', 'LEGACY'];

/**
 * The summary of the report: its default rows (ACTIVE and LEGACY members) counted and their figures
 * added up — the same per-person figures the rows show, so the cards equal the sum of the rows.
 * Senders who have left the space, or are disabled, are in neither.
 */
export async function summarizeTeam(
  db: Executor,
  workspaceId: string,
  window: SentWindow,
): Promise<{ activeUserCount: number; sentInWindow: number; sentAllTime: number }> {
  const sent = sentPerUser(db, workspaceId, window);
  const [row] = await db
    .select({
      activeUserCount: count(),
      sentInWindow: sql<number>`coalesce(sum(${sent.inWindow}), 0)::bigint`.mapWith(Number),
      sentAllTime: sql<number>`coalesce(sum(${sent.allTime}), 0)::bigint`.mapWith(Number),
    })
    .from(memberView)
    .leftJoin(sent, eq(sent.userId, memberView.userId))
    .where(
      and(eq(memberView.workspaceId, workspaceId), inArray(memberView.status, [...ACTIVE_MEMBER_STATUSES])),
    );
  return {
    activeUserCount: row?.activeUserCount ?? 0,
    sentInWindow: row?.sentInWindow ?? 0,
    sentAllTime: row?.sentAllTime ?? 0,
  };
}

function toDateOrNull(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  // Aggregates inside a subquery come back as text from the driver.
  return typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
}
