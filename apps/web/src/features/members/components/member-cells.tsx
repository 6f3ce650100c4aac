import { Avatar, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { MemberStatus } from '@mergedesk/domain/plans/plans';
import { statusDisplay } from '@mergedesk/domain/members/status';
import { initials } from '@mergedesk/domain/users/initials';

/**
 * The person of a row: initials avatar and name; the e-mail under it on small screens. Long names
 * and addresses wrap instead of widening the column (at 375 px a cut-off name pushed the Status
 * column out of the screen); a pending member without a name shows the address once; the avatar
 * is left out on small screens for the same room.
 */
export function MemberCell({ name, email }: { name: string; email: string }) {
  const hasName = name.trim() !== '';
  const shown = hasName ? name : email;
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar size="sm" radius="xl" color="initials" name={shown} aria-hidden visibleFrom="sm">
        {initials(shown)}
      </Avatar>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {shown}
        </Text>
        {hasName && (
          <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

const STATUS_COLOR = { Active: 'teal', Pending: 'yellow', Disabled: 'gray', 'Free trial': 'blue' } as const;

/**
 * Spec 002 §4.6: ACTIVE and ACCEPTED show Active, PENDING Pending, DISABLED Disabled with a
 * tooltip (the reason comes from the plan: spec 002 §8 disabled-user tooltips).
 */
export function StatusBadge({ status, tooltip }: { status: MemberStatus; tooltip?: string | null }) {
  const label = statusDisplay(status);
  const badge = (
    <Badge variant="light" color={STATUS_COLOR[label]} tabIndex={tooltip ? 0 : undefined}>
      {label}
    </Badge>
  );
  return tooltip ? (
    <Tooltip label={tooltip} multiline maw={320} withArrow events={{ hover: true, focus: true, touch: true }}>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
