import { EXPORT_LIMIT, exportFileName } from '@mergedesk/domain/exports/file-names';
import { exportCsv } from '../../../lib/csv-export';
import { TEAM_MEMBERS_EXPORT_HEADER, teamMembersExportRows } from '../lib/team-members-export';
import { TEAM_MEMBERS_FILTER_BY } from '../lib/team-members-query';
import { getTeamMembers } from './get-team-members';

/**
 * The CSV export of the team report (spec 002 §2.5, §7 "Exports fetch everything with a limit of
 * 30000", §9 'Exported_Users_{date}'): every ACTIVE and LEGACY member in the table's order.
 */
export async function exportTeamMembers(
  workspaceId: string,
  sortBy: string,
  now = Date.now(),
): Promise<void> {
  const list = await getTeamMembers(workspaceId, {
    filterBy: TEAM_MEMBERS_FILTER_BY,
    sortBy,
    limit: EXPORT_LIMIT,
    limitOffset: 0,
  });
  exportCsv(exportFileName('USERS', now), TEAM_MEMBERS_EXPORT_HEADER, teamMembersExportRows(list.items));
}
