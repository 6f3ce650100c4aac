import { Avatar, Group, Menu, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconCreditCard, IconLogout, IconSwitchHorizontal } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CONSENT_TEXTS } from '@mergedesk/domain/privacy/analytics-consent';
import type { CurrentUser, UserWorkspace } from '@mergedesk/domain/api/users';
import { spacePlanLabel } from '@mergedesk/domain/plans/plans';
import type { SpaceNavigation } from '@mergedesk/domain/shell/space-navigation';
import { activeSpaceCardTarget, isManageBillingShown } from '@mergedesk/domain/shell/space-navigation';
import { initials } from '@mergedesk/domain/users/initials';
import { canLeaveSpace } from '@mergedesk/domain/spaces/space-life';
import { ACCOUNT_MENU_WIDTH } from '@mergedesk/domain/session/constants';
import { ConsentSettingsModal } from '../../components/consent-settings-modal';
import { DisconnectGmailModal } from '../../features/gmail/components/disconnect-gmail-modal';
import { GmailMenuItems } from '../../features/gmail/components/gmail-menu-items';
import { useSession } from '../../lib/session-context';

export type AccountMenuProps = {
  user: Pick<CurrentUser, 'userName' | 'userEmail' | 'profilePictureUrl'>;
  space: UserWorkspace;
  navigation: SpaceNavigation;
  /** Opens a settings page of the space; waits for a space switch to finish loading (spec 000 §2). */
  onOpenSpacePage: (path: string) => void;
  /** Opens the 'Leave space' confirmation (issue 21); offered to everybody but the owner. */
  onLeaveSpace?: () => void;
};

/**
 * The account menu of the top bar (spec 000 §2 "Account menu", 334 px wide): avatar, name and
 * e-mail; the active-space card; 'Manage billing'; 'Leave space' for everybody but the owner
 * (issue 21); the Gmail MergeDesk sends as (issue 24); 'Switch account'; 'Log out'. A DISABLED member keeps only 'Switch account' and
 * 'Log out' (spec 000 §2 "a disabled menu").
 */
export function AccountMenu({ user, space, navigation, onOpenSpacePage, onLeaveSpace }: AccountMenuProps) {
  const session = useSession();
  const [consentOpened, setConsentOpened] = useState(false);
  const [disconnectGmailOpened, setDisconnectGmailOpened] = useState(false);
  const prefix = space.urlPrefix.replace(/\/$/, '');
  const planLabel = spacePlanLabel(space.workspacePlan, { legacyType: space.legacyPlanType });
  const cardTarget = activeSpaceCardTarget(space.userRole, navigation);
  const showManageBilling = isManageBillingShown({
    workspacePlan: space.workspacePlan,
    canAccessBilling: navigation.billing,
    disabled: navigation.disabled,
  });
  const avatar = (size: 'sm' | 'md') => (
    <Avatar src={user.profilePictureUrl} alt="" size={size} radius="xl" color="indigo">
      {initials(user.userName)}
    </Avatar>
  );

  const spaceCard = (
    <Group gap="xs" wrap="nowrap" justify="space-between">
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Text size="xs" c="dimmed">
          Active space
        </Text>
        {/* A long name ends in an ellipsis; the whole name is the title and in the accessible name. */}
        <Text size="sm" fw={600} truncate="end" title={space.workspaceName}>
          {space.workspaceName}
        </Text>
        <Text size="xs" c="dimmed">
          {planLabel}
        </Text>
      </Stack>
      {cardTarget && <IconChevronRight size={16} aria-hidden style={{ flexShrink: 0 }} />}
    </Group>
  );

  return (
    <>
      <Menu width={ACCOUNT_MENU_WIDTH} position="bottom-end" shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label="Account menu" style={{ borderRadius: '50%' }}>
            {avatar('md')}
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown maw="calc(100vw - 16px)">
          <Group gap="sm" wrap="nowrap" p="sm">
            {avatar('md')}
            <Stack gap={0} miw={0}>
              <Text fw={600} truncate="end" title={user.userName}>
                {user.userName}
              </Text>
              <Text size="sm" c="dimmed" truncate="end" title={user.userEmail}>
                {user.userEmail}
              </Text>
            </Stack>
          </Group>
          <Menu.Divider />
          {cardTarget ? (
            <Menu.Item
              styles={{ itemLabel: { minWidth: 0 } }}
              onClick={() => onOpenSpacePage(`${prefix}/space/${cardTarget}`)}
              aria-label={`Active space: ${space.workspaceName}, ${planLabel}`}
            >
              {spaceCard}
            </Menu.Item>
          ) : (
            <Paper
              px="sm"
              py="xs"
              aria-label={`Active space: ${space.workspaceName}, ${planLabel}`}
              role="group"
            >
              {spaceCard}
            </Paper>
          )}
          <Menu.Divider />
          {!navigation.disabled && <GmailMenuItems onDisconnect={() => setDisconnectGmailOpened(true)} />}
          {showManageBilling && (
            <Menu.Item
              component={Link}
              to={`${prefix}/space/billing`}
              leftSection={<IconCreditCard size={16} aria-hidden />}
            >
              Manage billing
            </Menu.Item>
          )}
          {onLeaveSpace && !navigation.disabled && canLeaveSpace(space.userRole) && (
            <Menu.Item onClick={onLeaveSpace}>Leave space</Menu.Item>
          )}
          {!navigation.disabled && (
            <Menu.Item onClick={() => setConsentOpened(true)}>{CONSENT_TEXTS.menuItem}</Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconSwitchHorizontal size={16} aria-hidden />}
            onClick={() => void session.switchAccount()}
          >
            Switch account
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={() => void session.logout()}>
            Log out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConsentSettingsModal opened={consentOpened} onClose={() => setConsentOpened(false)} />
      {disconnectGmailOpened && (
        <DisconnectGmailModal opened onClose={() => setDisconnectGmailOpened(false)} />
      )}
    </>
  );
}
