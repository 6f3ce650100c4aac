import type { CsvValue } from '@mergedesk/domain/exports/csv-safety';
import type { TeamMember } from '@mergedesk/domain/api/team-report';
import { csvTimestamp } from '@mergedesk/domain/exports/csv-values';
import { TEAM_MEMBER_COLUMN_ORDER, TEAM_MEMBER_COLUMNS } from './team-member-columns';

/** The header of the team report CSV: the table's column names. */
export const TEAM_MEMBERS_EXPORT_HEADER: readonly string[] = TEAM_MEMBER_COLUMN_ORDER.map(
  (key) => TEAM_MEMBER_COLUMNS[key],
);

/**
 * One CSV row per member with the table's columns, as data (issue 9): the last e-mail's date as
 * ISO 8601 in UTC (an empty cell when the member never sent one) and plain numbers. Formula
 * neutralising is the writer's job.
 */
export const teamMembersExportRows = (members: readonly TeamMember[]): CsvValue[][] =>
  members.map((member) => [
    member.userName,
    member.userEmail,
    csvTimestamp(member.lastEmailSentTimestamp),
    member.emailSentThisMonth,
    member.emailSentAllTime,
  ]);
