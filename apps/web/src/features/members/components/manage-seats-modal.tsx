import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SeatSummaryResponse } from '@mergedesk/domain/api/members';
import { MEMBER_MESSAGES } from '@mergedesk/domain/members/messages';
import { MAX_SEATS, seatCounterText, seatsUsedText } from '@mergedesk/domain/members/seats';
import { CANCEL_SCHEDULED_REMOVAL_STATE } from '../../../lib/billing-location-state';
import { formatLongDate } from '../../../lib/dates';
import { SUPPORT_URL } from '../../../lib/product';

export type ManageSeatsModalProps = {
  opened: boolean;
  onClose: () => void;
  seats: SeatSummaryResponse;
  /** Support manages the subscription (SUPPORT, OFFLINE): seats change only through support. */
  supportManaged?: boolean;
  /** The space's route prefix, {urlPrefix}. */
  prefix: string;
  /** Everybody in the space: the counter of a space without a seat limit (the Free plan). */
  memberCount?: number;
};

/** Ours (issue 21): a Free space has no seats to add or remove; buying them is the upgrade. */
const FREE_PLAN_SEATS_NOTICE = 'Your space is on the Free plan. Upgrade to buy seats for its members.';

/**
 * The owner's 'Manage seats' dialog (spec 002 §2.7, §4.6, §9): the seat count with links to add
 * seats ({urlPrefix}/checkout/add-seats; a contact-support link at the maximum) and to remove seats
 * ({urlPrefix}/checkout/remove-seats). While a removal of seats is scheduled, both are blocked and
 * the dialog shows the target and the date with 'Cancel downgrade' (billing, with the state that
 * opens the cancel dialog). A subscription managed by support (SUPPORT, OFFLINE) offers neither: its
 * seats change through support.
 */
export function ManageSeatsModal({
  opened,
  onClose,
  seats,
  supportManaged = false,
  prefix,
  memberCount,
}: ManageSeatsModalProps) {
  const removal = seats.scheduledRemoval;
  const atMaximum = seats.totalSeats !== null && seats.totalSeats >= MAX_SEATS;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Manage seats"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text fw={500}>
          {memberCount === undefined
            ? seatsUsedText({ ...seats })
            : seatCounterText({ ...seats }, memberCount)}
        </Text>
        {seats.availableSeats !== null && (
          <Text size="sm" c="dimmed">
            {seats.availableSeats === 1 ? '1 seat available' : `${seats.availableSeats} seats available`}
          </Text>
        )}
        {seats.unlimited ? (
          // Issue 21: on the Free plan Manage seats offers the upgrade, not seat pages that bounce.
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{FREE_PLAN_SEATS_NOTICE}</Text>
            <Button component={Link} to={`${prefix}/space/billing`}>
              Upgrade
            </Button>
          </Stack>
        ) : supportManaged ? (
          // Spec 001 §2 / spec 002 §8: 'For offline or support subscriptions'.
          <Stack gap={4} align="flex-start">
            <Text size="sm">{MEMBER_MESSAGES.CONTACT_SUPPORT_FOR_SEATS}</Text>
            <Anchor href={SUPPORT_URL} target="_blank" rel="noreferrer" size="sm">
              Contact support
            </Anchor>
          </Stack>
        ) : removal ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconCalendarEvent aria-hidden />}
            title="Seat removal scheduled"
          >
            <Stack gap="xs">
              <Text size="sm">{MEMBER_MESSAGES.DOWNGRADE_SCHEDULED_NOTICE}</Text>
              <Text size="sm">
                The space goes down to {removal.targetSeatsQuantity} seats on{' '}
                {formatLongDate(removal.removeSeatsAtTimestamp)}.
              </Text>
              <Group>
                <Button
                  component={Link}
                  to={`${prefix}/space/billing`}
                  state={CANCEL_SCHEDULED_REMOVAL_STATE}
                  size="xs"
                  variant="light"
                >
                  Cancel downgrade
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : (
          <Group gap="sm">
            {atMaximum ? (
              <Stack gap={4}>
                <Text size="sm">{MEMBER_MESSAGES.MORE_THAN_100_SEATS}</Text>
                <Anchor href={SUPPORT_URL} target="_blank" rel="noreferrer" size="sm">
                  Contact support
                </Anchor>
              </Stack>
            ) : (
              <Button component={Link} to={`${prefix}/checkout/add-seats`}>
                Add seats
              </Button>
            )}
            <Button component={Link} to={`${prefix}/checkout/remove-seats`} variant="default">
              Remove seats
            </Button>
          </Group>
        )}
        <Anchor component={Link} to={`${prefix}/space/billing?from=users`} size="sm">
          See billing
        </Anchor>
      </Stack>
    </Modal>
  );
}
