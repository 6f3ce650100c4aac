import type { CsvValue } from '@mergedesk/domain/exports/csv-safety';
import type { TeamMember } from '@mergedesk/domain/api/team-report';
import { formatNumber } from '@mergedesk/domain/format/numbers';
import { lastEmailSentLabel, TEAM_MEMBER_COLUMN_ORDER, TEAM_MEMBER_COLUMNS } from './team-member-columns';

/** The header of the team report CSV: the table's column names. */
export const TEAM_MEMBERS_EXPORT_HEADER: readonly string[] = TEAM_MEMBER_COLUMN_ORDER.map(
  (key) => TEAM_MEMBER_COLUMNS[key],
);

/**
 * One CSV row per member, with the table's texts: the long date (or 'Never') and the counts in the
 * German format of the table (spec 002 §9). Formula neutralising is the domain writer's job.
 */
export const teamMembersExportRows = (members: readonly TeamMember[]): CsvValue[][] =>
  members.map((member) => [
    member.userName,
    member.userEmail,
    lastEmailSentLabel(member),
    formatNumber(member.emailSentThisMonth),
    formatNumber(member.emailSentAllTime),
  ]);
