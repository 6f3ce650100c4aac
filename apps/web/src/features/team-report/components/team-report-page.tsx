import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { TEAM_REPORT_FORBIDDEN_MESSAGE } from '@mergedesk/domain/api/team-report-messages';
import { CsvExportButton } from '../../../components/csv-export-button';
import { showErrorAlert } from '../../../lib/alerts';
import { isApiErrorStatus } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { exportTeamMembers } from '../api/export-team-members';
import { useTeamMembers } from '../api/get-team-members';
import { useTeamSummary } from '../api/get-team-summary';
import {
  DEFAULT_TEAM_MEMBERS_STATE,
  nextSort,
  teamMembersQuery,
  teamMembersSortBy,
  type TeamMembersState,
} from '../lib/team-members-query';
import { TeamMembersTable } from './team-members-table';
import { TeamSummaryCards } from './team-summary-cards';

export const TEAM_REPORT_TITLE = 'Team report';
export const NOT_AUTHORIZED_TITLE = 'You are not authorized to see this page';

/**
 * The team report of a space (spec 002 §2.5): the summary cards, the members table with its CSV
 * export. The route is only registered for members whose features include canAccessTeamReport
 * (others are redirected to /, spec 002 §6); should the server still answer 403 — the features
 * changed since the user was loaded — the page shows the not-authorized view.
 */
export function TeamReportPage() {
  usePageTitle(TEAM_REPORT_TITLE);
  const { workspaceId = '' } = useParams();
  const [state, setState] = useState<TeamMembersState>(DEFAULT_TEAM_MEMBERS_STATE);
  const summary = useTeamSummary(workspaceId);
  const members = useTeamMembers(workspaceId, teamMembersQuery(state));

  if (isApiErrorStatus(summary.error, 403) || isApiErrorStatus(members.error, 403)) {
    return <NotAuthorizedView />;
  }

  const hasMembers = (members.data?.items.length ?? 0) > 0;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{TEAM_REPORT_TITLE}</Title>
        <CsvExportButton
          onExport={() =>
            exportTeamMembers(workspaceId, teamMembersSortBy(state)).catch(() => void showErrorAlert())
          }
          disabled={!members.isSuccess || !hasMembers}
        />
      </Group>
      <TeamSummaryCards
        summary={summary.data}
        failed={summary.isError}
        retrying={summary.isFetching}
        onRetry={() => void summary.refetch()}
      />
      <TeamMembersTable
        items={members.data?.items}
        total={members.data?.total ?? 0}
        status={members.status}
        isFetching={members.isFetching}
        onRetry={() => void members.refetch()}
        state={state}
        onSort={(key) => setState((current) => ({ sort: nextSort(current.sort, key), page: 1 }))}
        onPageChange={(page) => setState((current) => ({ ...current, page }))}
      />
    </Stack>
  );
}

/** Spec 002 §2.5: "Otherwise a not-authorized view appears". */
function NotAuthorizedView() {
  return (
    <Stack gap="lg">
      <Title order={1}>{TEAM_REPORT_TITLE}</Title>
      <Alert color="yellow" variant="light" icon={<IconLock aria-hidden />} title={NOT_AUTHORIZED_TITLE}>
        <Text size="sm">{TEAM_REPORT_FORBIDDEN_MESSAGE}</Text>
      </Alert>
    </Stack>
  );
}
