import { Avatar, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { Fragment, useId, type ReactNode } from 'react';
import type { MemberStatus } from '@mergedesk/domain/plans/plans';
import { statusDisplay } from '@mergedesk/domain/members/status';
import { initials } from '@mergedesk/domain/users/initials';
import { WholeBadge } from '../../../components/whole-badge';

/**
 * An address that may break after its '@' and before each '.', where a reader expects it
 * ('adam@' / 'acme.test', not 'adam@acme.tes' / 't'); a part longer than the column still breaks
 * (`overflow-wrap: break-word`: under `anywhere` Chromium fills each line greedily and these
 * breaks are lost). The text is unchanged: `<wbr>` adds none.
 */
function breakableAddress(email: string): ReactNode {
  return email.split(/(?=\.)|(?<=@)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/**
 * The person of a row: initials avatar and name; the e-mail (and, where the table hides the Role
 * column on phones, the role) under it on small screens. Names wrap between words and addresses
 * at their '@' and dots instead of widening the column (at 375 px a cut-off name pushed the Status column out
 * of the screen); a pending member without a name shows the address once; the avatar is left out
 * on small screens for the same room.
 */
export function MemberCell({ name, email, phoneRole }: { name: string; email: string; phoneRole?: string }) {
  const hasName = name.trim() !== '';
  const shown = hasName ? name : email;
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar size="sm" radius="xl" color="initials" name={shown} aria-hidden visibleFrom="sm">
        {initials(shown)}
      </Avatar>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'break-word' }}>
          {hasName ? name : breakableAddress(email)}
        </Text>
        {hasName && (
          <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ overflowWrap: 'break-word' }}>
            {breakableAddress(email)}
          </Text>
        )}
        {phoneRole !== undefined && (
          <Text size="xs" c="dimmed" hiddenFrom="sm">
            {phoneRole}
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
  // The tooltip shows on hover and focus; screen readers get the reason as the badge's description.
  const reasonId = useId();
  const badge = (
    // Whole on a phone: the status column keeps the badge's width instead of cutting 'Free trial'.
    <WholeBadge
      variant="light"
      color={STATUS_COLOR[label]}
      tabIndex={tooltip ? 0 : undefined}
      aria-describedby={tooltip ? reasonId : undefined}
    >
      {label}
    </WholeBadge>
  );
  return tooltip ? (
    <>
      <Tooltip
        label={tooltip}
        multiline
        maw={320}
        withArrow
        events={{ hover: true, focus: true, touch: true }}
      >
        {badge}
      </Tooltip>
      <VisuallyHidden id={reasonId}>{tooltip}</VisuallyHidden>
    </>
  ) : (
    badge
  );
}
