import { Alert, Anchor, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { GENERIC_ERROR_ALERT } from '@mergedesk/domain/alerts/alerts';
import type { PaymentPlan, SubscriptionV1 } from '@mergedesk/domain/api/billing';
import { applyCoupon, formatMoney, periodTotal } from '@mergedesk/domain/billing/display';
import { findPaymentPlan, taxLabel } from '@mergedesk/domain/billing/plan-prices';
import { withTax } from '@mergedesk/domain/billing/tax';
import {
  billedUnits,
  CANCEL_CYCLE_CHANGE_FAILED,
  paidUsersText,
  planSwitchRefusal,
  renewalText,
  scheduledCycleChangeText,
  SEAT_CHANGES_NEED_SUPPORT,
  SEAT_DOWNGRADE_ADMIN_NOTICE,
  seatActions,
  seatDowngradeNotice,
  changesBlockedByDowngradeText,
  subscriptionDisplayName,
  subscriptionState,
} from '@mergedesk/domain/billing/subscription-card';
import { seatsUsedText } from '@mergedesk/domain/members/seats';
import {
  downgradeToFreeRefusal,
  isMovingToFree,
  movingToFreeNotice,
} from '@mergedesk/domain/billing/legacy-checkout';
import { PLAN_DESCRIPTIONS } from '@mergedesk/domain/billing/plan-definitions';
import type { Role } from '@mergedesk/domain/roles/roles';
import { opensCancelScheduledRemoval } from '../../../lib/billing-location-state';
import { formatLongDate } from '../../../lib/dates';
import { CONTACT_US_URL, SUPPORT_REQUEST_URL } from '../../../lib/product';
import { useCancelScheduledRemoval } from '../api/cancel-scheduled-removal';
import { useCustomerPortal } from '../api/open-customer-portal';
import { useUpdateSubscription } from '../api/update-subscription';

export type CurrentPlanCardProps = {
  workspaceId: string;
  prefix: string;
  subscription: SubscriptionV1 | null;
  /** The space plan when there is no subscription (a FREE space). */
  isPerSeat: boolean;
  role: Role;
  isGmailUser: boolean;
  plans: PaymentPlan[] | undefined;
  /** Spec 000 §6: MONTHLY_BILLING restricts the monthly cycle. */
  isMonthlyBillingRestricted: boolean;
  /** Spec 000 §6: PREMIUM_PLAN hides the Premium plan. */
  isPremiumRestricted: boolean;
  /** Refreshes the space and the current user after a subscription change (spec 001 §4). */
  onChanged: () => Promise<void>;
  onDowngradeCancelled: () => void;
};

const GENERIC_ERROR_TEXT = `${GENERIC_ERROR_ALERT.title} ${GENERIC_ERROR_ALERT.description}`;
const PERIOD = { YEARLY: 'year', MONTHLY: 'month' } as const;

/**
 * The current plan card of the billing page (spec 001 §2 "Subscription states and card display"):
 * the plan's display name, its price and Renews/Ends date, the seats with their links, the
 * scheduled cycle change (cancellable) and the scheduled seat downgrade, 'Manage billing'.
 */
export function CurrentPlanCard(props: CurrentPlanCardProps) {
  const { subscription } = props;
  const state = subscriptionState(subscription);
  const name = subscriptionDisplayName(subscription);
  const active = subscription?.subscriptionStatus === 'ACTIVE' ? subscription : null;
  // A per-user Pro or Premium subscription that ends moves the space to the free plan.
  const movingToFree = active !== null && !props.isPerSeat && isMovingToFree(active);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="current-plan-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Current plan
            </Text>
            <Title order={2} size="h3" id="current-plan-title">
              {name}
            </Title>
          </Stack>
          {active && state !== 'custom' && (
            <Badge variant="light" size="lg">
              {active.billingInterval === 'YEARLY' ? 'Billed annually' : 'Billed monthly'}
            </Badge>
          )}
        </Group>

        {state === 'free' && <Text size="sm">{PLAN_DESCRIPTIONS.FREE}</Text>}
        {state === 'custom' && (
          <Text size="sm">
            Your subscription is managed by our support team.{' '}
            <Anchor href={CONTACT_US_URL} target="_blank" rel="noreferrer">
              Contact sales
            </Anchor>
          </Text>
        )}
        {subscription?.subscriptionStatus === 'CANCELED' && (
          <Text size="sm">This subscription has been canceled.</Text>
        )}
        {active && state !== 'custom' && <PriceLine subscription={active} />}
        {active && (
          <Group gap={6}>
            <IconCalendarEvent size={18} aria-hidden />
            <Text size="sm">{renewalText(active.autoRenew, formatLongDate(active.endTimestamp))}</Text>
          </Group>
        )}

        {active && <SeatLine {...props} subscription={active} />}
        {active?.scheduledChanges && <ScheduledCycleChange {...props} subscription={active} />}

        <Group gap="sm">
          {active && state === 'paid' && !movingToFree && (
            <CycleChangeLink {...props} subscription={active} />
          )}
          {active?.paymentSource === 'STRIPE' && <ManageBillingButton workspaceId={props.workspaceId} />}
          {state === 'paypal-legacy' && active?.autoRenew && (
            <Button component={Link} to="/stop-automatic-renewal" variant="default">
              Stop automatic renewal
            </Button>
          )}
        </Group>
        {active && !props.isPerSeat && movingToFree && (
          <MovingToFreeNotice {...props} subscription={active} />
        )}
        {active &&
          !props.isPerSeat &&
          !movingToFree &&
          (state === 'legacy' || state === 'paypal-legacy' || state === 'paid') && (
            <PerUserPlanLinks {...props} subscription={active} />
          )}
      </Stack>
    </Card>
  );
}

function PriceLine({ subscription }: { subscription: SubscriptionV1 }) {
  const amount = withTax(
    applyCoupon(subscription.amount, { percentOff: subscription.discount, duration: 'forever' }),
    subscription.taxRate,
  );
  const label = taxLabel(subscription.currency, subscription.taxRate);
  return (
    <Text>
      <Text span fw={700} size="lg">
        {formatMoney(amount, subscription.currency)}
      </Text>{' '}
      <Text span size="sm" c="dimmed">
        per {PERIOD[subscription.billingInterval]}
        {label ? ` (${label})` : ''}
      </Text>
    </Text>
  );
}

type WithSubscription = CurrentPlanCardProps & { subscription: SubscriptionV1 };

function SeatLine({
  subscription,
  prefix,
  isPerSeat,
  isGmailUser,
  role,
  workspaceId,
  onDowngradeCancelled,
  onChanged,
}: WithSubscription) {
  const seats = subscription.seatInfo;
  const state = subscriptionState(subscription);
  const removal = seats.scheduledRemoval;
  const actions = seatActions({
    state,
    isPerSeat,
    isGmailUser,
    totalSeats: seats.totalSeats,
    hasScheduledRemoval: removal !== null,
    workspacePlan: subscription.workspacePlan,
    hasScheduledCycleChange: subscription.scheduledChanges !== null,
  });
  const downgrade = removal && (
    <SeatDowngradeNotice
      workspaceId={workspaceId}
      subscriptionId={subscription.subscriptionId}
      text={seatDowngradeNotice(
        removal.targetSeatsQuantity,
        formatLongDate(removal.removeSeatsAtTimestamp),
        isPerSeat ? 'seat' : 'paid user',
      )}
      blockedText={changesBlockedByDowngradeText(isPerSeat ? 'seat' : 'paid user')}
      canCancel={role === 'OWNER'}
      onCancelled={async () => {
        onDowngradeCancelled();
        await onChanged();
      }}
    />
  );
  if (!isPerSeat) {
    // Per user: the licence's paid users, and users made free at the renewal (spec 002 §4.6).
    return (
      <Stack gap="xs">
        {subscription.allowedQuantity !== null && (
          <Text size="sm">
            {paidUsersText(subscription.numberOfLicensesUsed ?? 0, subscription.allowedQuantity)}
          </Text>
        )}
        {downgrade}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text size="sm" fw={500}>
          {seatsUsedText(seats)}
        </Text>
        {actions.kind === 'links' && (
          <>
            {actions.canAdd && (
              <Anchor component={Link} to={`${prefix}/checkout/add-seats`} size="sm">
                Add seats
              </Anchor>
            )}
            {actions.canRemove && (
              <Anchor component={Link} to={`${prefix}/checkout/remove-seats`} size="sm">
                Remove seats
              </Anchor>
            )}
          </>
        )}
      </Group>
      {actions.kind === 'contact-support' && (
        <Text size="sm">
          {SEAT_CHANGES_NEED_SUPPORT}{' '}
          <Anchor href={SUPPORT_REQUEST_URL} target="_blank" rel="noreferrer">
            Contact support
          </Anchor>
        </Text>
      )}
      {downgrade}
    </Stack>
  );
}

function SeatDowngradeNotice(props: {
  workspaceId: string;
  subscriptionId: string;
  text: string;
  /** What the downgrade blocks, in the space's unit (seats or paid users). */
  blockedText: string;
  canCancel: boolean;
  onCancelled: () => Promise<void>;
}) {
  const cancel = useCancelScheduledRemoval(props.workspaceId, props.subscriptionId);
  const location = useLocation();
  const navigate = useNavigate();
  // Spec 002 §2.7: the members screen's 'Cancel downgrade' arrives with the state that opens the
  // cancel-scheduled-removal dialog (issue 21: before, the state was set and read nowhere).
  const [dialogOpened, setDialogOpened] = useState(
    () => props.canCancel && opensCancelScheduledRemoval(location.state),
  );
  const closeDialog = () => {
    setDialogOpened(false);
    // The state has done its work: a reload or Back does not open the dialog again.
    if (opensCancelScheduledRemoval(location.state))
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  };
  const cancelDowngrade = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        closeDialog();
        void props.onCancelled();
      },
    });
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Scheduled downgrade"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{props.text}</Text>
        {props.canCancel ? (
          <>
            <Text size="sm">{props.blockedText}</Text>
            <Button size="xs" variant="light" loading={cancel.isPending} onClick={cancelDowngrade}>
              Cancel downgrade
            </Button>
            {cancel.isError && !dialogOpened && (
              <Text size="sm" c="red" role="alert">
                {GENERIC_ERROR_TEXT}
              </Text>
            )}
            <Modal
              opened={dialogOpened}
              onClose={closeDialog}
              title={CANCEL_DOWNGRADE_DIALOG_TITLE}
              centered
              closeButtonProps={{ 'aria-label': 'Close' }}
            >
              <Stack gap="md">
                <Text size="sm">{props.text}</Text>
                {cancel.isError && (
                  <Text size="sm" c="red" role="alert">
                    {GENERIC_ERROR_TEXT}
                  </Text>
                )}
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" onClick={closeDialog}>
                    Keep the downgrade
                  </Button>
                  <Button loading={cancel.isPending} onClick={cancelDowngrade}>
                    Cancel downgrade
                  </Button>
                </Group>
              </Stack>
            </Modal>
          </>
        ) : (
          <Text size="sm">{SEAT_DOWNGRADE_ADMIN_NOTICE}</Text>
        )}
      </Stack>
    </Alert>
  );
}

/** Ours (spec 002 §2.7 names the dialog, not its texts). */
const CANCEL_DOWNGRADE_DIALOG_TITLE = 'Cancel the scheduled downgrade?';

function ScheduledCycleChange({
  subscription,
  workspaceId,
  plans,
  isGmailUser,
  onChanged,
}: WithSubscription) {
  const update = useUpdateSubscription(workspaceId, subscription.subscriptionId);
  const change = subscription.scheduledChanges;
  if (!change) return null;
  const date = formatLongDate(change.effectiveTimestamp);
  const targetPlan =
    subscription.workspacePlan === 'PRO' || subscription.workspacePlan === 'PREMIUM'
      ? findPaymentPlan(plans ?? [], {
          workspacePlan: subscription.workspacePlan,
          isGmailUser,
          billingInterval: change.targetBillingInterval,
        })
      : undefined;
  const seats = billedUnits(subscription);
  const newPrice =
    targetPlan &&
    formatMoney(
      periodTotal({ tiers: targetPlan.paymentPlanTiers, quantity: seats, taxRate: subscription.taxRate }),
      targetPlan.currency,
    );
  return (
    <Alert role="note" color="blue" variant="light" icon={<IconCalendarEvent aria-hidden />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {scheduledCycleChangeText(subscription.billingInterval, change.targetBillingInterval, date)}
        </Text>
        {newPrice && (
          <Text size="sm">
            From {date}: {newPrice} per {PERIOD[change.targetBillingInterval]}
          </Text>
        )}
        <Button
          size="xs"
          variant="light"
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { cancelScheduledBillingIntervalChange: true },
              { onSuccess: () => void onChanged() },
            )
          }
        >
          Cancel the change
        </Button>
        {update.isError && (
          // Spec 001 §2: the failure is shown and not dismissible.
          <Text size="sm" c="red" role="alert">
            {CANCEL_CYCLE_CHANGE_FAILED}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * The per-user (legacy model) links of spec 001 §2: a legacy licence paid by card or PayPal switches
 * to a new plan (/checkout/legacy/users for Team, /checkout otherwise); a Pro or Premium subscription
 * changes its paid users (/checkout/options) or its plan (Premium → Pro through the options and
 * the review, Pro → Premium straight to the review).
 */
function PerUserPlanLinks({ subscription, prefix, isPremiumRestricted }: WithSubscription) {
  const checkout = `${prefix}/checkout`;
  if (subscription.workspacePlan === 'LEGACY') {
    // Card- and PayPal-paid licences switch (the PayPal one stops renewing once the new plan runs).
    if (subscription.paymentSource !== 'STRIPE' && subscription.paymentSource !== 'PAYPAL') return null;
    const to =
      subscription.legacyType === 'TEAM'
        ? `${checkout}/legacy/users`
        : `${checkout}?plan=PRO&interval=YEARLY`;
    return (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Your space is on a legacy plan. Switch to the new plans to keep your users paid.
        </Text>
        <Button component={Link} to={to}>
          Switch to a new plan
        </Button>
      </Stack>
    );
  }
  const interval = `interval=${subscription.billingInterval}`;
  const hasScheduledChange =
    subscription.scheduledChanges !== null || subscription.seatInfo.scheduledRemoval !== null;
  const canMoveToFree = downgradeToFreeRefusal({ ...subscription, hasScheduledChange }) === null;
  // Issue 22: a switch the server refuses (no Premium for Pro (Personal), a change scheduled) is
  // not offered.
  const canSwitchTo = (targetPlan: 'PRO' | 'PREMIUM') =>
    planSwitchRefusal({
      targetPlan,
      userPlan: subscription.subscriptionPaymentPlans?.[0]?.userPlanType ?? null,
      hasScheduledChange,
    }) === null;
  return (
    <Group gap="sm">
      <Button component={Link} to={`${checkout}/options?plan=${subscription.workspacePlan}&${interval}`}>
        Change paid users
      </Button>
      {subscription.workspacePlan === 'PREMIUM'
        ? canSwitchTo('PRO') && (
            <Button component={Link} to={`${checkout}/options?plan=PRO&${interval}`} variant="default">
              Switch to Pro
            </Button>
          )
        : !isPremiumRestricted &&
          canSwitchTo('PREMIUM') && (
            <Button component={Link} to={`${checkout}/summary?plan=PREMIUM&${interval}`} variant="default">
              Switch to Premium
            </Button>
          )}
      {canMoveToFree && (
        <Button component={Link} to={`${checkout}/summary?plan=FREE`} variant="default" color="red">
          Switch to Free
        </Button>
      )}
    </Group>
  );
}

/**
 * A per-user subscription on its way to the free plan (downgradeToFree, or cancelled in the
 * customer portal): the date, and 'Keep my plan', which makes it renew again.
 */
function MovingToFreeNotice({ subscription, workspaceId, onChanged }: WithSubscription) {
  const update = useUpdateSubscription(workspaceId, subscription.subscriptionId);
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Scheduled move to the free plan"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{movingToFreeNotice(formatLongDate(subscription.endTimestamp))}</Text>
        <Button
          size="xs"
          variant="light"
          loading={update.isPending}
          onClick={() => update.mutate({ downgradeToFree: false }, { onSuccess: () => void onChanged() })}
        >
          Keep my plan
        </Button>
        {update.isError && (
          <Text size="sm" c="red" role="alert">
            {GENERIC_ERROR_TEXT}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function CycleChangeLink({ subscription, prefix, isMonthlyBillingRestricted }: WithSubscription) {
  // A change already scheduled is cancelled first (cannot-change-billing-cycle-when-scheduled);
  // the monthly cycle is not offered while MONTHLY_BILLING is restricted.
  // The server's rule (subscriptionUpdateError): a scheduled cycle change or seat downgrade, not a
  // finished schedule still attached (issue 22: the link stayed away for a whole period).
  if (subscription.scheduledChanges !== null || subscription.seatInfo.scheduledRemoval !== null) return null;
  if (subscription.billingInterval === 'YEARLY' && isMonthlyBillingRestricted) return null;
  if (subscription.paymentSource !== 'STRIPE') return null;
  return (
    <Button component={Link} to={`${prefix}/checkout?change-billing-cycle=1`} variant="default">
      Change billing cycle
    </Button>
  );
}

function ManageBillingButton({ workspaceId }: { workspaceId: string }) {
  const portal = useCustomerPortal(workspaceId);
  const [opening, setOpening] = useState(false);
  const open = () => {
    setOpening(true);
    portal.mutate(window.location.href, {
      onSuccess: (url) => window.location.assign(url),
      onError: () => setOpening(false),
    });
  };
  return (
    <Stack gap={4}>
      <Button
        variant="default"
        rightSection={<IconExternalLink size={16} aria-hidden />}
        loading={opening}
        onClick={open}
      >
        Manage billing
      </Button>
      {portal.isError && (
        <Text size="sm" c="red" role="alert">
          {GENERIC_ERROR_TEXT}
        </Text>
      )}
    </Stack>
  );
}
