import type { ParsedListQuery } from '@mergedesk/domain/api/list-query';
import {
  TEAM_REPORT_TOTAL_CAP,
  type TEAM_REPORT_FILTER_KEYS,
  type TEAM_REPORT_SORT_KEYS,
} from '@mergedesk/domain/api/team-report';
import type { MemberStatus } from '@mergedesk/domain/plans/plans';
import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { campaigns, monthlySentMails, users, workspaceMembers } from '../../db/schema';
import { ONE, pageWithCappedTotal } from '../../lib/list-query';

type TeamReportSortKey = (typeof TEAM_REPORT_SORT_KEYS)[number];

export type YearMonth = { year: number; month: number };

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
    sql`(${monthlySentMails.year} = ${year} and ${monthlySentMails.month} = ${month})`;
  return sql<number>`(coalesce(sum(case when ${isMonth(window.current)} then ${monthlySentMails.count} else 0 end), 0)
    + round(coalesce(sum(case when ${isMonth(window.previous)} then ${monthlySentMails.count} else 0 end), 0) * ${window.previousShare}::numeric))::int`;
}

/**
 * Each sender's figures in the space: the last 30 days (rounded per person) and all time. The rows
 * of the report and its summary both read them, so the summary is the sum of the rows (issue 9).
 */
function sentPerUser(db: Executor, workspaceId: string, window: SentWindow) {
  return db
    .select({
      userId: monthlySentMails.userId,
      inWindow: sentInWindowExpression(window).as('in_window'),
      allTime: sql<number>`sum(${monthlySentMails.count})::bigint`.as('all_time'),
    })
    .from(monthlySentMails)
    .where(eq(monthlySentMails.workspaceId, workspaceId))
    .groupBy(monthlySentMails.userId)
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
      userId: campaigns.userId,
      lastEmailSentAt: sql<Date | null>`max(${campaigns.lastEmailSentAt})`.as('last_email_sent_at'),
    })
    .from(campaigns)
    .where(and(eq(campaigns.workspaceId, workspaceId), eq(campaigns.isFormNotification, false)))
    .groupBy(campaigns.userId)
    .as('last_sent');

  const sentInWindow = sql<number>`coalesce(${sent.inWindow}, 0)`;
  const sentAllTime = sql<number>`coalesce(${sent.allTime}, 0)`;
  const sortColumns: Record<TeamReportSortKey, SQL> = {
    userName: sql`lower(coalesce(${users.name}, ''))`,
    userEmail: sql`${workspaceMembers.email}`,
    lastEmailSentTimestamp: sql`${lastSent.lastEmailSentAt}`,
    emailSentThisMonth: sentInWindow,
    emailSentAllTime: sentAllTime,
  };
  const { memberStatus, search } = query.filters;
  const where = and(
    eq(workspaceMembers.workspaceId, workspaceId),
    memberStatus ? inArray(workspaceMembers.status, memberStatus) : undefined,
    ...(search ?? []).map((pattern) =>
      or(sql`${workspaceMembers.email} ilike ${pattern}`, sql`${users.name} ilike ${pattern}`),
    ),
  );
  const sort = query.sort.length > 0 ? query.sort : [{ key: 'userName' as const, direction: 'asc' as const }];
  const rowsQuery = db
    .select({
      userId: workspaceMembers.userId,
      userName: users.name,
      email: workspaceMembers.email,
      profilePictureUrl: users.profilePictureUrl,
      status: workspaceMembers.status,
      lastEmailSentAt: sql<Date | null>`${lastSent.lastEmailSentAt}`.mapWith(toDateOrNull),
      sentInWindow: sentInWindow.mapWith(Number),
      sentAllTime: sentAllTime.mapWith(Number),
    })
    .from(workspaceMembers)
    .leftJoin(users, eq(users.id, workspaceMembers.userId))
    .leftJoin(sent, eq(sent.userId, workspaceMembers.userId))
    .leftJoin(lastSent, eq(lastSent.userId, workspaceMembers.userId))
    .where(where)
    .orderBy(
      ...sort.map(({ key, direction }) =>
        direction === 'desc'
          ? sql`${sortColumns[key]} desc nulls last`
          : sql`${sortColumns[key]} asc nulls last`,
      ),
      sql`${workspaceMembers.email} asc`,
    )
    .limit(query.limit)
    .offset(query.offset);
  const matching = db
    .select(ONE)
    .from(workspaceMembers)
    .leftJoin(users, eq(users.id, workspaceMembers.userId))
    .where(where)
    .$dynamic();
  return pageWithCappedTotal(db, rowsQuery, matching, TEAM_REPORT_TOTAL_CAP);
}

/** Members counted as active users by the summary. */
export const ACTIVE_MEMBER_STATUSES: readonly MemberStatus[] = ['ACTIVE', 'LEGACY'];

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
    .from(workspaceMembers)
    .leftJoin(sent, eq(sent.userId, workspaceMembers.userId))
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        inArray(workspaceMembers.status, [...ACTIVE_MEMBER_STATUSES]),
      ),
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
