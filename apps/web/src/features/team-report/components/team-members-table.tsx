import { Avatar, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { TeamMember, TeamReportSortKey } from '@mergedesk/domain/api/team-report';
import { NO_TEAM_USERS_EMPTY_STATE } from '@mergedesk/domain/format/empty-states';
import { formatNumber } from '@mergedesk/domain/format/numbers';
import { initials } from '@mergedesk/domain/users/initials';
import { ListFooter } from '../../../components/list-footer';
import { EmptyState } from '../../../components/list-states';
import { RetryAlert } from '../../../components/retry-alert';
import { SortableTh } from '../../../components/sortable-th';
import {
  lastEmailSentLabel,
  TEAM_MEMBER_COLUMN_ORDER,
  TEAM_MEMBER_COLUMNS,
} from '../lib/team-member-columns';
import type { TeamMembersState } from '../lib/team-members-query';
import { usePhoneLayout } from '../../../lib/phone-layout';

const NUMERIC_COLUMNS: ReadonlySet<TeamReportSortKey> = new Set(['emailSentThisMonth', 'emailSentAllTime']);
/** Columns a phone leaves out (the address shows under the name). */
const PHONE_HIDDEN_COLUMNS: ReadonlySet<string> = new Set(['userEmail', 'lastEmailSentTimestamp']);
const SKELETON_ROWS = 5;

export type TeamMembersTableProps = {
  items: readonly TeamMember[] | undefined;
  total: number;
  status: 'pending' | 'error' | 'success';
  /** A new page or sort is loading while the previous rows stay on screen. */
  isFetching: boolean;
  onRetry: () => void;
  state: TeamMembersState;
  onSort: (key: TeamReportSortKey) => void;
  onPageChange: (page: number) => void;
};

/**
 * The members of the team report (spec 002 §2.5, §3 "Team member"): avatar (picture, or the
 * initials of up to two name words), name, e-mail, last e-mail sent, sent in the last 30 days and
 * sent all time, every column sortable; skeleton rows while the first page loads, the empty state,
 * an error with a retry, then paging of PAGE_SIZE rows.
 */
export function TeamMembersTable(props: TeamMembersTableProps) {
  const isPhone = usePhoneLayout();
  const { items, total, status, isFetching, state } = props;

  if (status === 'error') return <RetryAlert onRetry={props.onRetry} retrying={isFetching} />;

  if (status === 'success' && items && items.length === 0) {
    return <EmptyState title={NO_TEAM_USERS_EMPTY_STATE.title} />;
  }

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={320}>
        <Table aria-label="Team members" aria-busy={status === 'pending' || isFetching} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {TEAM_MEMBER_COLUMN_ORDER.map((key) => (
                <SortableTh
                  key={key}
                  label={TEAM_MEMBER_COLUMNS[key]}
                  direction={state.sort.key === key ? state.sort.direction : null}
                  onSort={() => props.onSort(key)}
                  w={NUMERIC_COLUMNS.has(key) ? 150 : undefined}
                  visibleFrom={PHONE_HIDDEN_COLUMNS.has(key) ? 'sm' : undefined}
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {status === 'pending' || !items
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <Table.Tr key={index} aria-hidden>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Skeleton height={32} circle />
                        <Skeleton height={14} width="60%" />
                      </Group>
                    </Table.Td>
                    {TEAM_MEMBER_COLUMN_ORDER.slice(1).map((key) => (
                      <Table.Td key={key} visibleFrom={PHONE_HIDDEN_COLUMNS.has(key) ? 'sm' : undefined}>
                        <Skeleton height={14} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : items.map((member) => (
                  <Table.Tr key={member.userId ?? member.userEmail}>
                    <Table.Td style={{ maxWidth: 0, width: '100%' }}>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar
                          src={member.userProfilePictureUrl}
                          alt=""
                          radius="xl"
                          size={32}
                          color="indigo"
                          aria-hidden
                        >
                          {initials(member.userName)}
                        </Avatar>
                        <Stack gap={0} miw={0}>
                          <Text size="sm" truncate="end">
                            {member.userName}
                          </Text>
                          {/* phones: the address under the name (its column is hidden) */}
                          {isPhone && (
                            <Text size="xs" c="dimmed" truncate="end" title={member.userEmail}>
                              {member.userEmail}
                            </Text>
                          )}
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td visibleFrom="sm" maw={260}>
                      <Text size="sm" truncate="end" title={member.userEmail}>
                        {member.userEmail}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
                      {lastEmailSentLabel(member)}
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(member.emailSentThisMonth)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(member.emailSentAllTime)}</Table.Td>
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {status === 'success' && (
        <ListFooter total={total} page={state.page} onPageChange={props.onPageChange} />
      )}
    </Stack>
  );
}
