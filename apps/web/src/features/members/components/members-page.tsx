import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SeatMember } from '@mergedesk/domain/api/members';
import {
  SEAT_DOWNGRADE_ADMIN_NOTICE,
  seatDowngradeNotice,
} from '@mergedesk/domain/billing/subscription-card';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import {
  alreadyPaidWarning,
  DRAWER_HINTS,
  MEMBER_MESSAGES,
  memberSuccessBanner,
} from '@mergedesk/domain/members/messages';
import { isSupportManagedPaymentSource } from '@mergedesk/domain/plans/plans';
import {
  canManageMembers,
  drawerHintKind,
  isAllowedDomain,
  type MemberActor,
} from '@mergedesk/domain/members/permissions';
import { ALREADY_PAID_ERROR_CODE } from '@mergedesk/domain/members/multiple-payment';
import {
  canAddMembersToSeats,
  notEnoughSeatsMessage,
  seatCounterText,
  seatsUsedText,
} from '@mergedesk/domain/members/seats';
import {
  GIVE_SEAT_LABEL,
  giveSeatVerdict,
  offersGiveSeat,
  seatsGivenBanner,
} from '@mergedesk/domain/members/give-seat';
import type { SEAT_MEMBER_SORT_KEYS } from '@mergedesk/domain/api/members';
import { ResultAlert } from '../../../components/result-alert';
import { formatLongDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { ApiError } from '../../../lib/api-client';
import { addSeatMembers } from '../api/add-seat-members';
import { giveSeats } from '../api/give-seats';
import { usePromoteValidity } from '../api/get-promote-validity';
import { useSeatMembers } from '../api/get-seat-members';
import { useSeats } from '../api/get-seats';
import { spaceMemberActor } from '../lib/member-actor';
import { useMemberListState } from '../lib/member-list-state';
import { EmailEntryModal, type EmailEntryResult } from '../../../components/email-entry-modal';
import { ManageSeatsModal } from './manage-seats-modal';
import { StatusBadge } from './member-cells';
import type { TypeChangeAction } from './member-drawer';
import { MemberSelectionPanel, useMemberSelection, type SelectableMember } from './member-selection';
import { MembersTable, memberListTableProps, personColumns, type MemberColumn } from './members-table';

type SeatSortKey = (typeof SEAT_MEMBER_SORT_KEYS)[number];

export const MEMBERS_PAGE_TITLE = 'Users';

export type MembersPageProps = {
  space: UserWorkspace;
  details: Workspace;
  /** The signed-in user's id (an admin may not remove themselves). */
  userId: string;
  isInvitationRestricted: boolean;
  /** {urlPrefix} of the space. */
  prefix: string;
};

const COLUMNS: MemberColumn<SeatMember, SeatSortKey>[] = [
  ...personColumns<SeatMember, SeatSortKey>({
    personLabel: 'Member',
    sortKeys: { name: 'userName', email: 'userEmail', role: 'userRole' },
    person: (m) => ({ name: m.userName, email: m.userEmail, role: m.userRole }),
  }),
  { label: 'Status', sortKey: 'userStatus', render: (m) => <StatusBadge status={m.userStatus} /> },
];

/**
 * The seat-based Members screen (spec 002 §2.7, §4.6, §5, §6, §8): the seats counter, the owner's
 * Manage seats, Add members, the sortable and selectable table and the drawer with the actions the
 * selected members' status allows. Plain members read the list only.
 */
export function MembersPage({ space, details, userId, isInvitationRestricted, prefix }: MembersPageProps) {
  usePageTitle(MEMBERS_PAGE_TITLE);
  const workspaceId = space.workspaceId;
  const baseActor = spaceMemberActor(space, { userId, billingModel: 'PER_SEAT', isInvitationRestricted });
  const manages = canManageMembers(baseActor);
  const isOwner = space.userRole === 'OWNER';

  const list = useMemberListState<SeatSortKey>();
  const members = useSeatMembers(workspaceId, list.query);
  const seats = useSeats(workspaceId, { enabled: manages });
  // Seats managed by support (spec 002 §6, §8): removal is disabled, seat changes go through support.
  const actor: MemberActor = { ...baseActor, paymentSource: seats.data?.paymentSource ?? null };

  const selection = useMemberSelection(workspaceId, 'PER_SEAT');
  const [addOpened, setAddOpened] = useState(false);
  const [seatsOpened, setSeatsOpened] = useState(false);

  const rows = members.data?.items;
  const selected = (rows ?? [])
    .filter((member) => selection.selectedKeys.has(member.userEmail))
    .map(toSelectable);
  const hintKind = drawerHintKind(actor);

  // Issue 21: seats reach members already in the space ('Give a seat' for free members who joined).
  const givesSeats = offersGiveSeat(actor);
  const promoteValidity = usePromoteValidity(workspaceId, { enabled: givesSeats });
  const [givingSeats, setGivingSeats] = useState(false);
  const giveSeat = async () => {
    if (givingSeats) return;
    setGivingSeats(true);
    try {
      const response = await giveSeats(
        workspaceId,
        selected.flatMap((member) => (member.userId ? [member.userId] : [])),
      );
      selection.setSelectedKeys(new Set());
      await selection.actions.refresh();
      selection.setBanner({ severity: 'success', message: seatsGivenBanner(response.results.length) });
    } catch (error) {
      selection.setBanner({
        severity: 'error',
        message:
          error instanceof ApiError && error.message ? error.message : 'An error occurred. Please try again.',
      });
    } finally {
      setGivingSeats(false);
    }
  };
  const giveSeatAction: TypeChangeAction | null =
    givesSeats && selected.length > 0 && selected.every((member) => member.userPlan === 'FREE')
      ? {
          label: GIVE_SEAT_LABEL,
          verdict: giveSeatVerdict({
            actor,
            targets: selected.map((member) => ({
              email: member.email,
              status: member.status,
              userPlan: member.userPlan,
              isPaidElsewhere: (promoteValidity.data ?? []).some(
                (item) => item.userId === member.userId && item.errorCode === ALREADY_PAID_ERROR_CODE,
              ),
            })),
            availableSeats: seats.data?.availableSeats ?? null,
            // The server knows the MULTIPLE_PAYMENT restriction and refuses with its message.
            isMultiplePaymentRestricted: false,
          }),
          onChange: () => void giveSeat(),
        }
      : null;
  const domains = (details.workspaceDomains ?? []).map((domain) => domain.domainName);
  const hasMultiDomain = space.workspaceUserFeature.hasMultiDomain;

  const add = async (emails: string[]): Promise<EmailEntryResult> => {
    const response = await addSeatMembers(workspaceId, emails);
    const errors: Record<string, string> = {};
    const paid: string[] = [];
    for (const result of response.results) {
      // A refusal (errorDetails) stays a red tag, already_paid_user among them while MULTIPLE_PAYMENT
      // is restricted; an added address with already_paid_user only warns (members/multiple-payment).
      if (result.errorDetails) errors[result.userEmail] = result.errorDetails;
      else if (result.errorCode === ALREADY_PAID_ERROR_CODE) paid.push(result.userEmail);
    }
    const accepted = emails.filter((email) => !(email in errors));
    if (accepted.length > 0) await selection.actions.refresh();
    return { accepted, errors, warning: paid.length > 0 ? alreadyPaidWarning(paid) : null };
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1}>
            Members{' '}
            <Text span inherit c="dimmed" fw={400}>
              {details.workspaceName}
            </Text>
          </Title>
          {seats.data && (
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                {seatCounterText({ ...seats.data }, seats.data.memberCount)}
              </Text>
              {isOwner && (
                <Anchor component="button" type="button" size="sm" onClick={() => setSeatsOpened(true)}>
                  Manage seats
                </Anchor>
              )}
            </Group>
          )}
        </Stack>
        {manages && (
          <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setAddOpened(true)}>
            Add members
          </Button>
        )}
      </Group>

      <ResultAlert alert={selection.banner} onDismiss={() => selection.setBanner(null)} />

      {/* Spec 002 §4.6: an ADMIN only sees a notice to contact the owner, with the target and the date. */}
      {manages && !isOwner && seats.data?.scheduledRemoval && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconCalendarEvent aria-hidden />}
          title="Seat removal scheduled"
        >
          <Text size="sm">
            {seatDowngradeNotice(
              seats.data.scheduledRemoval.targetSeatsQuantity,
              formatLongDate(seats.data.scheduledRemoval.removeSeatsAtTimestamp),
            )}{' '}
            {SEAT_DOWNGRADE_ADMIN_NOTICE}
          </Text>
        </Alert>
      )}

      {manages && seats.data && !seats.data.unlimited && seats.data.availableSeats === 0 && !isOwner && (
        <Text size="sm" c="dimmed">
          All seats are taken: {MEMBER_MESSAGES.CONTACT_OWNER_FOR_SEATS} to buy more.
        </Text>
      )}

      <MembersTable
        caption="Members"
        columns={COLUMNS}
        {...memberListTableProps({ members, list, selection, manages })}
        rowKey={(member) => member.userEmail}
        rowLabel={(member) => member.userEmail}
        searchInput={list.searchInput}
        onSearchChange={list.setSearchInput}
        search={list.search}
      />

      {manages && (
        <MemberSelectionPanel
          selection={selection}
          actor={actor}
          members={selected}
          hint={hintKind ? DRAWER_HINTS[hintKind] : null}
          roleWording="seat"
          spaceName={details.workspaceName}
          noun="member"
          typeChange={giveSeatAction}
        />
      )}

      {manages && (
        <EmailEntryModal
          opened={addOpened}
          onClose={() => setAddOpened(false)}
          title="Add members"
          submitLabel="Add"
          partialErrorMessage={MEMBER_MESSAGES.ADD_PARTIAL_ERROR}
          suggestFor={workspaceId}
          localErrors={(emails) =>
            Object.fromEntries(
              emails
                .filter((email) => !isAllowedDomain(email, { domains, hasMultiDomain }))
                .map((email) => [email, MEMBER_MESSAGES.OUTSIDE_DOMAIN]),
            )
          }
          blockedReason={(emails) =>
            seats.data && !canAddMembersToSeats({ ...seats.data }, emails.length)
              ? notEnoughSeatsMessage(seats.data.availableSeats ?? 0)
              : null
          }
          onSubmit={add}
          onDone={(accepted, warning) => {
            setAddOpened(false);
            selection.showSuccess('added', accepted.length);
            // Added, though already paid in another space: the spec's warning stays on the page.
            if (warning)
              selection.setBanner({
                severity: 'warning',
                message: `${memberSuccessBanner('added', accepted.length)} ${warning}`,
              });
          }}
          intro={
            isOwner && seats.data && !seats.data.unlimited ? (
              <Text size="sm" c="dimmed">
                {seatsUsedText({ ...seats.data })}.{' '}
                {isSupportManagedPaymentSource(seats.data.paymentSource) ? (
                  MEMBER_MESSAGES.CONTACT_SUPPORT_FOR_SEATS
                ) : seats.data.scheduledRemoval ? (
                  // Spec 002 §4.6: adding seats is blocked while a downgrade is scheduled.
                  MEMBER_MESSAGES.DOWNGRADE_SCHEDULED_NOTICE
                ) : (
                  <Anchor component={Link} to={`${prefix}/checkout/add-seats`} size="sm">
                    Add seats
                  </Anchor>
                )}
              </Text>
            ) : null
          }
        />
      )}
      {isOwner && seats.data && (
        <ManageSeatsModal
          opened={seatsOpened}
          onClose={() => setSeatsOpened(false)}
          seats={seats.data}
          supportManaged={isSupportManagedPaymentSource(seats.data.paymentSource)}
          prefix={prefix}
          memberCount={seats.data.memberCount}
        />
      )}
    </Stack>
  );
}

const toSelectable = (member: SeatMember): SelectableMember => ({
  userId: member.userId,
  name: member.userName,
  email: member.userEmail,
  role: member.userRole,
  status: member.userStatus,
  userPlan: member.userPlan,
});
