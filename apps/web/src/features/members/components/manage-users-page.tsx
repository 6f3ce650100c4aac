import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconInfoCircle, IconMailForward, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Member, MEMBER_SORT_KEYS } from '@mergedesk/domain/api/members';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { formatNumber } from '@mergedesk/domain/format/numbers';
import {
  exceedsLegacyUserLimit,
  hasNoLegacySeatLeft,
  isTrialUser,
  legacyUsersSummaryText,
  legacyUserType,
  summarizeLegacyUsers,
} from '@mergedesk/domain/members/legacy-users';
import {
  DRAWER_HINTS,
  legacyUserLimitMessage,
  MEMBER_MESSAGES,
  memberStatusTooltip,
} from '@mergedesk/domain/members/messages';
import { canInviteMembers, canManageMembers, type MemberActor } from '@mergedesk/domain/members/permissions';
import { activationLimitVerdict, inviteLimitVerdict } from '@mergedesk/domain/members/plan-limits';
import { typeChange } from '@mergedesk/domain/members/type-change';
import { isPaidUserPlan } from '@mergedesk/domain/plans/plans';
import { dailyRecipientQuota } from '@mergedesk/domain/quotas/quotas';
import { ResultAlert } from '../../../components/result-alert';
import { usePageTitle } from '../../../lib/page-title';
import { CONTACT_US_URL, SUPPORT_REQUEST_URL } from '../../../lib/product';
import { addLegacyUsers } from '../../../lib/add-legacy-users';
import { useMembers } from '../api/get-members';
import { useSeats } from '../api/get-seats';
import { inviteUsers } from '../api/invite-users';
import { checkThenSend } from '../../../lib/check-then-send';
import { saveCheckoutUsers } from '../../../lib/checkout-users-storage';
import { spaceMemberActor } from '../lib/member-actor';
import { useMemberListState } from '../lib/member-list-state';
import { EmailEntryModal } from '../../../components/email-entry-modal';
import { StatusBadge } from './member-cells';
import { MemberSelectionPanel, useMemberSelection, type SelectableMember } from './member-selection';
import { MembersTable, memberListTableProps, personColumns, type MemberColumn } from './members-table';

type LegacySortKey = (typeof MEMBER_SORT_KEYS)[number];

export const MANAGE_USERS_TITLE = 'Manage Users';
/** Every user of a legacy space, for the summary line (legacy plans allow about 100 users). */
const SUMMARY_QUERY = { limit: 1000 };
const INVITE_LIMIT_ID = 'invite-users-limit';

export type ManageUsersPageProps = {
  /** /{workspaceId}/{slug}: the Type change opens {prefix}/checkout/summary?from=users. */
  prefix: string;
  space: UserWorkspace;
  details: Workspace;
  userId: string;
  freeUserQuota: number | null;
  isInvitationRestricted: boolean;
};

/**
 * The legacy Manage Users screen (spec 002 §2.8): the summary line, 'Invite users' (hidden when
 * invitations are restricted or the user cannot manage), 'Add users' for legacy team plans (or the
 * 'no seats → support' dialog), the User/Email/Role/Type/Quota/Status table, the offline
 * subscription notice, success banners and the drawer for the selected users.
 */
export function ManageUsersPage({
  prefix,
  space,
  details,
  userId,
  freeUserQuota,
  isInvitationRestricted,
}: ManageUsersPageProps) {
  usePageTitle(MANAGE_USERS_TITLE);
  const workspaceId = space.workspaceId;
  const baseActor = spaceMemberActor(space, { userId, billingModel: 'PER_USER', isInvitationRestricted });
  const manages = canManageMembers(baseActor);
  // Seats managed by support (spec 002 §6, §8): Remove is disabled up front, with the spec's reason.
  const seats = useSeats(workspaceId, { enabled: manages });
  const actor: MemberActor = { ...baseActor, paymentSource: seats.data?.paymentSource ?? null };
  const isLegacyTeam = details.workspacePlan === 'LEGACY' && details.legacyType === 'TEAM';
  const isOffline = details.workspacePlan === 'OFFLINE';

  const list = useMemberListState<LegacySortKey>();
  const members = useMembers(workspaceId, list.query);
  const everyone = useMembers(workspaceId, SUMMARY_QUERY);
  const summary = everyone.data
    ? summarizeLegacyUsers(
        everyone.data.items.map((member) => ({
          email: member.memberEmail,
          plan: member.userPlan,
          status: member.memberStatus,
          freeTrialEndTimestamp: member.freeTrialEndTimestamp,
        })),
      )
    : null;
  const features = details.workspaceFeatures ?? [];
  const paidLimit = features.find((feature) => feature.userPlan !== 'FREE')?.allowedUserCount ?? -1;
  const freeLimit = features.find((feature) => feature.userPlan === 'FREE')?.allowedUserCount ?? -1;
  const domains = (details.workspaceDomains ?? []).map((domain) => domain.domainName);
  // The per-user plan's limits, as the server counts them (members/plan-limits; issue 21).
  const holders = (everyone.data?.items ?? []).map((member) => ({
    status: member.memberStatus,
    userPlan: member.userPlan,
    freeTrialEndTimestamp: member.freeTrialEndTimestamp,
  }));
  const inviteVerdict = everyone.data ? inviteLimitVerdict(freeLimit, holders) : null;
  const activationVerdict = (selectedMembers: SelectableMember[]) =>
    activationLimitVerdict({ freeLimit, paidLimit }, holders, selectedMembers);

  const selection = useMemberSelection(workspaceId, 'PER_USER');
  const [dialog, setDialog] = useState<'invite' | 'add' | 'no-seats' | null>(null);

  const rows = members.data?.items;
  const selectedRows = (rows ?? []).filter((member) => selection.selectedKeys.has(member.memberEmail));
  const selected = selectedRows.map(toSelectable);
  const navigate = useNavigate();
  const change = typeChange({
    workspacePlan: details.workspacePlan,
    selected: selectedRows.map((member) => ({
      isPaid: isPaidUserPlan(member.userPlan) && !isTrialUser(member),
      isScheduledToBeDowngraded: member.isScheduledToBeDowngraded,
    })),
    paidCount: summary?.paid ?? 0,
    paidUserLimit: paidLimit,
  });
  // Spec 002 §4.6 / spec 001 §2: the change is reviewed and paid in the checkout's summary.
  const typeChangeAction = change && {
    label: change.target === null ? null : change.target === 'FREE' ? 'Make free' : 'Make paid',
    verdict: change.verdict,
    onChange: () => {
      if (change.target === null) return;
      saveCheckoutUsers(
        workspaceId,
        Object.fromEntries(selectedRows.map((member) => [member.memberEmail, change.target === 'PAID'])),
      );
      void navigate(`${prefix}/checkout/summary?from=users`);
    },
  };

  const columns: MemberColumn<Member, LegacySortKey>[] = [
    ...personColumns<Member, LegacySortKey>({
      personLabel: 'User',
      sortKeys: { name: 'userName', email: 'memberEmail', role: 'userRole' },
      person: (m) => ({ name: m.userName, email: m.memberEmail, role: m.userRole }),
      legacyRoleNames: true,
      // Five columns on a phone would not fit 375 px: the role goes under the name there.
      roleUnderNameOnPhones: true,
    }),
    {
      label: 'Type',
      render: (m) => (
        <Text size="sm">
          {legacyUserType({ plan: m.userPlan, freeTrialEndTimestamp: m.freeTrialEndTimestamp })}
        </Text>
      ),
    },
    {
      label: 'Quota',
      desktopOnly: true,
      render: (m) => (
        <Text size="sm">{formatNumber(dailyRecipientQuota(m.userPlan, freeUserQuota))} / day</Text>
      ),
    },
    {
      label: 'Status',
      render: (m) => (
        <StatusBadge
          status={m.memberStatus}
          tooltip={memberStatusTooltip({
            status: m.memberStatus,
            isUserInDomain: m.isUserInDomain,
            freeLimit,
            domains,
            features,
          })}
        />
      ),
    },
  ];

  const paidCount = summary?.paid ?? 0;
  const openAdd = () => setDialog(hasNoLegacySeatLeft(paidCount, paidLimit) ? 'no-seats' : 'add');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1}>{MANAGE_USERS_TITLE}</Title>
          {summary && (
            <Text size="sm" c="dimmed" aria-label="Users summary">
              {legacyUsersSummaryText(summary)}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          {canInviteMembers(actor) && (
            // Spec 002 §8 add-button tooltips: at the user limit the button says why it is disabled.
            <Tooltip
              label={inviteVerdict?.ok === false ? inviteVerdict.message : ''}
              disabled={inviteVerdict?.ok !== false}
            >
              <Button
                variant="default"
                leftSection={<IconMailForward size={18} aria-hidden />}
                onClick={() => inviteVerdict?.ok !== false && setDialog('invite')}
                data-disabled={inviteVerdict?.ok === false || undefined}
                aria-disabled={inviteVerdict?.ok === false || undefined}
                aria-describedby={inviteVerdict?.ok === false ? INVITE_LIMIT_ID : undefined}
              >
                Invite users
              </Button>
            </Tooltip>
          )}
          {inviteVerdict?.ok === false && (
            <VisuallyHidden id={INVITE_LIMIT_ID}>{inviteVerdict.message}</VisuallyHidden>
          )}
          {manages && isLegacyTeam && !isOffline && (
            <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={openAdd}>
              Add users
            </Button>
          )}
        </Group>
      </Group>

      {isOffline && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">{MEMBER_MESSAGES.OFFLINE_SUBSCRIPTION_NOTICE}</Text>
            <Button
              component="a"
              href={CONTACT_US_URL}
              target="_blank"
              rel="noreferrer"
              size="xs"
              variant="light"
            >
              Contact us
            </Button>
          </Group>
        </Alert>
      )}

      <ResultAlert alert={selection.banner} onDismiss={() => selection.setBanner(null)} />

      <MembersTable
        caption="Users"
        columns={columns}
        {...memberListTableProps({ members, list, selection, manages })}
        rowKey={(member) => member.memberEmail}
        rowLabel={(member) => member.memberEmail}
        search=""
      />

      {manages && (
        <MemberSelectionPanel
          selection={selection}
          actor={actor}
          members={selected}
          hint={DRAWER_HINTS.LEGACY}
          roleWording="legacy"
          spaceName={details.workspaceName}
          noun="user"
          typeChange={manages ? typeChangeAction : null}
          activationVerdict={activationVerdict}
        />
      )}

      <EmailEntryModal
        opened={dialog === 'invite'}
        onClose={() => setDialog(null)}
        title="Invite users"
        submitLabel="Invite"
        partialErrorMessage={MEMBER_MESSAGES.INVITE_PARTIAL_ERROR}
        suggestFor={manages ? workspaceId : null}
        onSubmit={(emails) => checkThenSend(emails, (only) => inviteUsers(workspaceId, emails, only))}
        onDone={(sent) => {
          setDialog(null);
          void selection.actions.refresh();
          selection.showSuccess('invited', sent.length);
        }}
      />
      <EmailEntryModal
        opened={dialog === 'add'}
        onClose={() => setDialog(null)}
        title="Add members"
        submitLabel="Add"
        partialErrorMessage={MEMBER_MESSAGES.ADD_PARTIAL_ERROR}
        suggestFor={manages ? workspaceId : null}
        blockedReason={(emails) =>
          exceedsLegacyUserLimit(paidCount, emails.length, paidLimit)
            ? legacyUserLimitMessage(paidLimit)
            : null
        }
        onSubmit={(emails) => checkThenSend(emails, (only) => addLegacyUsers(workspaceId, emails, only))}
        onDone={(added) => {
          setDialog(null);
          void selection.actions.refresh();
          selection.showSuccess('added', added.length);
        }}
      />
      <Modal
        opened={dialog === 'no-seats'}
        onClose={() => setDialog(null)}
        title="Add members"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text size="sm">{legacyUserLimitMessage(paidLimit)}</Text>
          <Text size="sm">{MEMBER_MESSAGES.LEGACY_PLAN_NOTICE}</Text>
          <Group justify="flex-end">
            <Anchor href={SUPPORT_REQUEST_URL} target="_blank" rel="noreferrer">
              Contact support
            </Anchor>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

const toSelectable = (member: Member): SelectableMember => ({
  userId: member.userId,
  name: member.userName,
  email: member.memberEmail,
  role: member.userRole,
  status: member.memberStatus,
  userPlan: member.userPlan,
});
