import { Anchor, Box, Burger, Button, Group, Text } from '@mantine/core';
import { IconHelp, IconRocket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME, SUPPORT_URL } from '../../lib/product';

export type TopBarProps = {
  drawerOpened: boolean;
  onOpenDrawer: () => void;
  /** 'checkout': the 'Upgrade' link; 'info-modal': the 'Upgrade' button of free members in a PRO space */
  upgrade: 'checkout' | 'info-modal' | null;
  checkoutPath: string;
  onOpenUpgradeInfo: () => void;
  accountMenu: ReactNode;
};

/**
 * The top bar (spec 000 §2 "Top bar"): the menu button on small screens, the upgrade link or
 * button, the help link to the support centre and the account menu.
 */
export function TopBar({
  drawerOpened,
  onOpenDrawer,
  upgrade,
  checkoutPath,
  onOpenUpgradeInfo,
  accountMenu,
}: TopBarProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Burger
          opened={drawerOpened}
          onClick={onOpenDrawer}
          hiddenFrom="md"
          size="sm"
          aria-label="Open navigation"
          aria-expanded={drawerOpened}
        />
        <Text fw={700} fz={{ base: 'md', sm: 'lg' }} truncate="end">
          {PRODUCT_NAME}
        </Text>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {upgrade === 'checkout' && (
          <Button
            component={Link}
            to={checkoutPath}
            size="xs"
            leftSection={<IconRocket size={14} aria-hidden />}
          >
            Upgrade
          </Button>
        )}
        {upgrade === 'info-modal' && (
          <Button
            size="xs"
            onClick={onOpenUpgradeInfo}
            leftSection={<IconRocket size={14} aria-hidden />}
            aria-haspopup="dialog"
          >
            Upgrade
          </Button>
        )}
        <Anchor
          href={SUPPORT_URL}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          c="dimmed"
          px={4}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          aria-label="Help"
        >
          <IconHelp size={18} aria-hidden />
          {/* On phones the icon alone, so the product name keeps its room beside 'Upgrade'. */}
          <Box component="span" visibleFrom="sm">
            Help
          </Box>
        </Anchor>
        {accountMenu}
      </Group>
    </Group>
  );
}
