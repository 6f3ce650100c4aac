import { Box, Button, Card, NavLink as MantineNavLink, Stack, Text } from '@mantine/core';
import {
  IconArrowBackUp,
  IconChartBar,
  IconCreditCard,
  IconMail,
  IconMailOff,
  IconRocket,
  IconSettings,
  IconTemplate,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { Link, NavLink, useMatch } from 'react-router';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import type { SettingsGroupLabels, SpaceNavigation } from '@mergedesk/domain/shell/space-navigation';
import { EMPTY_SETTINGS_MESSAGE } from '@mergedesk/domain/shell/space-navigation';
import { SidebarPromotions } from '../../features/promotions/components/sidebar-promotions';
import type { SwitcherSpace } from '../../features/spaces/components/space-switcher';
import { SpaceSwitcher } from '../../features/spaces/components/space-switcher';

export type SpaceSidebarProps = {
  spaces: readonly UserWorkspace[];
  space: UserWorkspace;
  addonWorkspaceId: string | null;
  navigation: SpaceNavigation;
  labels: SettingsGroupLabels;
  /** the sidebar's upgrade button (FREE space, ADMIN/OWNER, not on the billing page) */
  showUpgradeButton: boolean;
  onSelectSpace: (space: SwitcherSpace) => void;
  onCreateSpace: () => void;
  /** called when an entry is followed (closes the drawer on small screens) */
  onNavigate?: () => void;
};

/**
 * The sidebar of the space shell (spec 000 §2 "Sidebar"): the space switcher, the entries the user
 * may open, the settings group, the install tutorial, the upgrade button and the promotions. For a
 * DISABLED member the entries are shown but cannot be followed.
 */
export function SpaceSidebar({
  spaces,
  space,
  addonWorkspaceId,
  navigation,
  labels,
  showUpgradeButton,
  onSelectSpace,
  onCreateSpace,
  onNavigate,
}: SpaceSidebarProps) {
  const prefix = space.urlPrefix.replace(/\/$/, '');
  const settingsTitleId = useId();
  const disabled = navigation.disabled;
  const entry = (to: string, label: string, icon: ReactNode) => (
    <SidebarLink
      key={to}
      to={`${prefix}${to}`}
      label={label}
      icon={icon}
      disabled={disabled}
      onNavigate={onNavigate}
    />
  );

  const settingsEntries = [
    navigation.general && entry('/space/general', 'General', <IconSettings size={18} aria-hidden />),
    navigation.usersEntry && entry('/space/users', labels.users, <IconUsers size={18} aria-hidden />),
    navigation.billing && entry('/space/billing', 'Billing', <IconCreditCard size={18} aria-hidden />),
  ].filter(Boolean);

  return (
    <Stack gap="md" h="100%">
      <SpaceSwitcher
        spaces={spaces}
        selectedSpaceId={space.workspaceId}
        addonWorkspaceId={addonWorkspaceId}
        onSelectSpace={onSelectSpace}
        onCreateSpace={onCreateSpace}
      />

      <Box component="ul" aria-label="Space pages" m={0} p={0} style={{ listStyle: 'none' }}>
        {entry('/mail-merges', 'Mail merges', <IconMail size={18} aria-hidden />)}
        {entry('/unsubscriptions', 'Unsubscriptions', <IconMailOff size={18} aria-hidden />)}
        {navigation.bounces && entry('/bounces', 'Bounces', <IconArrowBackUp size={18} aria-hidden />)}
        {navigation.teamReport &&
          entry('/team-report', 'Team report', <IconChartBar size={18} aria-hidden />)}
        {entry('/templates', 'Templates', <IconTemplate size={18} aria-hidden />)}
      </Box>

      <Box component="section" aria-labelledby={settingsTitleId}>
        <Text id={settingsTitleId} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" mb={4}>
          {labels.title}
        </Text>
        {settingsEntries.length > 0 ? (
          <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {settingsEntries}
          </Box>
        ) : (
          <Text size="sm" c="dimmed" px="sm">
            {EMPTY_SETTINGS_MESSAGE}
          </Text>
        )}
      </Box>

      {navigation.tutorial && (
        <Card withBorder padding="sm">
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Install the add-on
            </Text>
            <Text size="xs" c="dimmed">
              Follow the tutorial to send your first mail merge from Google Sheets.
            </Text>
            {disabled ? (
              <Button size="xs" variant="light" disabled>
                Get started
              </Button>
            ) : (
              <Button
                size="xs"
                variant="light"
                component={Link}
                to={`${prefix}/get-started`}
                onClick={onNavigate}
              >
                Get started
              </Button>
            )}
          </Stack>
        </Card>
      )}

      {showUpgradeButton && (
        <Button
          component={Link}
          to={`${prefix}/checkout/details`}
          leftSection={<IconRocket size={16} aria-hidden />}
          onClick={onNavigate}
        >
          Upgrade
        </Button>
      )}

      <Box mt="auto">
        <SidebarPromotions />
      </Box>
    </Stack>
  );
}

type SidebarLinkProps = {
  to: string;
  label: string;
  icon: ReactNode;
  disabled: boolean;
  onNavigate?: () => void;
};

/** One entry: a router NavLink (aria-current="page" when active); not a link at all when disabled. */
function SidebarLink({ to, label, icon, disabled, onNavigate }: SidebarLinkProps) {
  const active = useMatch({ path: to, end: false }) !== null;
  return (
    <li>
      {disabled ? (
        // aria-disabled keeps the entry discoverable by keyboard and screen readers.
        <MantineNavLink
          component="button"
          type="button"
          label={label}
          leftSection={icon}
          disabled
          aria-disabled
        />
      ) : (
        <MantineNavLink
          component={NavLink}
          to={to}
          label={label}
          leftSection={icon}
          active={active}
          onClick={onNavigate}
        />
      )}
    </li>
  );
}
