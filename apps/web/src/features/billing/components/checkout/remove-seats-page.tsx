import { Alert, Anchor, Button, Card, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { SubscriptionV1 } from '@mergedesk/domain/api/billing';
import { formatMoney } from '@mergedesk/domain/billing/display';
import { PER_SEAT_FLOW_STEPS } from '@mergedesk/domain/billing/flows';
import {
  pendingMembersWithoutSeat,
  pendingWithoutSeatWarning,
  seatRemovalTargets,
} from '@mergedesk/domain/members/seats';
import { trackEvent } from '../../../../lib/analytics';
import { formatLongDate } from '../../../../lib/dates';
import { usePageTitle } from '../../../../lib/page-title';
import { useScheduleSeatRemoval, useSeatRemovalQuote } from '../../api/seat-removal';
import { CheckoutActions } from './checkout-actions';
import { CheckoutHeader } from './checkout-header';
import { CheckoutErrorAlert } from './checkout-error-alert';
import { CHECKOUT_SUBMIT_ERROR } from './information-page';
import { PriceRegion } from './price-region';

export type RemoveSeatsPageProps = {
  prefix: string;
  workspaceId: string;
  subscription: SubscriptionV1;
  refreshSpace: () => Promise<void>;
};

/** Ours: the spec asks for "a warning when all seats are in use" without its words. */
const ALL_SEATS_IN_USE = 'All your seats are in use. Remove members from the space before you remove seats.';

/**
 * /checkout/remove-seats (spec 001 §2 "Remove seats page", §4 "Remove seats"): the target totals
 * from total-1 down to the assigned seats, what the renewal will cost and when, a link to remove
 * members, and 'Remove N seats', which schedules the removal for the end of the billing period.
 */
export function RemoveSeatsPage({ prefix, workspaceId, subscription, refreshSpace }: RemoveSeatsPageProps) {
  usePageTitle('Remove seats');
  const navigate = useNavigate();
  const ids = { workspaceId, subscriptionId: subscription.subscriptionId };
  const seats = subscription.seatInfo;
  const total = seats.totalSeats ?? 0;
  // The domain's rule, the one the server checks: down to the assigned seats, whatever is pending.
  const removal = {
    totalSeats: total,
    assignedSeats: seats.assignedSeats,
    unavailableSeats: seats.unavailableSeats,
  };
  const targets = seatRemovalTargets(removal);
  const [target, setTarget] = useState<number | null>(targets[0] ?? null);
  const paymentPlanId = subscription.subscriptionPaymentPlans?.[0]?.paymentPlanId ?? null;
  const quote = useSeatRemovalQuote(ids, paymentPlanId, target);
  // The cycle the seats renew at: a scheduled cycle change applies at the same period end.
  const renewalInterval =
    subscription.scheduledChanges?.targetBillingInterval ?? subscription.billingInterval;
  const schedule = useScheduleSeatRemoval(ids);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const billingPath = `${prefix}/space/billing`;
  const removed = target === null ? 0 : total - target;
  const pendingLeftOut = target === null ? 0 : pendingMembersWithoutSeat(removal, target);

  const submit = () => {
    if (target === null || paymentPlanId === null) return;
    setSubmitError(null);
    schedule.mutate(
      { paymentPlanId, target },
      {
        onSuccess: () => {
          // Navigate first: the refreshed subscription (a removal scheduled) makes this page redirect
          // to billing without the success query, and a navigation after that never happened.
          void navigate(`${billingPath}?checkout=success&seatsRemoved=${removed}`);
          void refreshSpace();
        },
        onError: (reason) => {
          setSubmitError(CHECKOUT_SUBMIT_ERROR);
          window.scrollTo({ top: 0 });
          trackEvent({
            event_type: 'webapp_error',
            space_id: workspaceId,
            message: `remove seats: ${reason.message}`,
          });
        },
      },
    );
  };

  return (
    <Stack gap="lg" maw={640}>
      <CheckoutHeader steps={PER_SEAT_FLOW_STEPS.REMOVE_SEATS} current={0} backTo={billingPath} />
      <Title order={1}>Remove unused seats</Title>
      <CheckoutErrorAlert title={submitError} />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Text>
            Your subscription has <strong>{total}</strong> seats; <strong>{seats.assignedSeats}</strong>{' '}
            {seats.assignedSeats === 1 ? 'is' : 'are'} assigned to members
            {seats.unavailableSeats > 0 && (
              <>
                {' '}
                and <strong>{seats.unavailableSeats}</strong> reserved for pending members
              </>
            )}
            .
          </Text>
          {targets.length === 0 ? (
            <Alert role="alert" color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
              <Stack gap={4} align="flex-start">
                <Text size="sm">{ALL_SEATS_IN_USE}</Text>
                <Anchor component={Link} to={`${prefix}/space/users`} size="sm">
                  Remove members
                </Anchor>
              </Stack>
            </Alert>
          ) : (
            <>
              <NativeSelect
                label="Seats after the removal"
                data={targets.map((value) => ({
                  value: String(value),
                  label: `${value} seat${value === 1 ? '' : 's'}`,
                }))}
                value={target === null ? '' : String(target)}
                onChange={(event) => setTarget(Number(event.currentTarget.value))}
                maw={240}
              />
              <PriceRegion query={quote} skeletonHeight={20}>
                {(quoted) => (
                  <Text size="sm">
                    {removed} seat{removed === 1 ? '' : 's'} will be removed on{' '}
                    {formatLongDate(quoted.removeSeatsAtTimestamp)}, at the end of your billing period. From
                    then on you will pay {formatMoney(quoted.nextAmount, quoted.currency)} per{' '}
                    {renewalInterval === 'YEARLY' ? 'year' : 'month'}. Nothing is charged today.
                  </Text>
                )}
              </PriceRegion>
              {pendingLeftOut > 0 && (
                <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                  <Text size="sm">{pendingWithoutSeatWarning(pendingLeftOut)}</Text>
                </Alert>
              )}
              <Text size="sm">
                To free more seats,{' '}
                <Anchor component={Link} to={`${prefix}/space/users`}>
                  remove members
                </Anchor>{' '}
                first.
              </Text>
            </>
          )}
          <CheckoutActions cancelTo={billingPath}>
            {target !== null && (
              <Button color="red" onClick={submit} loading={schedule.isPending}>
                {`Remove ${removed} seat${removed === 1 ? '' : 's'}`}
              </Button>
            )}
          </CheckoutActions>
        </Stack>
      </Card>
    </Stack>
  );
}
