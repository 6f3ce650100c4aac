import type { TeamMember, TeamReportSortKey } from '@mergedesk/domain/api/team-report';
import { formatLongDate } from '../../../lib/dates';

/**
 * The column headers of the members table, in order; the CSV export uses the same words. Spec
 * 002 §2.5 / §9: emailSentThisMonth is labelled as the last 30 days.
 */
export const TEAM_MEMBER_COLUMNS = {
  userName: 'Name',
  userEmail: 'Email',
  lastEmailSentTimestamp: 'Last email sent',
  emailSentThisMonth: 'Sent in the last 30 days',
  emailSentAllTime: 'Sent all time',
} as const satisfies Record<TeamReportSortKey, string>;

export const TEAM_MEMBER_COLUMN_ORDER = [
  'userName',
  'userEmail',
  'lastEmailSentTimestamp',
  'emailSentThisMonth',
  'emailSentAllTime',
] as const satisfies readonly TeamReportSortKey[];

/** Shown for a member who has never sent an e-mail (lastEmailSentTimestamp null). */
const NEVER_SENT = 'Never';

/** The date as the tables show it ('MMMM do, yyyy'), or 'Never'. */
export const lastEmailSentLabel = (member: Pick<TeamMember, 'lastEmailSentTimestamp'>): string =>
  member.lastEmailSentTimestamp == null ? NEVER_SENT : formatLongDate(member.lastEmailSentTimestamp);
