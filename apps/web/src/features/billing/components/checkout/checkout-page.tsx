import { Center, Text } from '@mantine/core';
import { Navigate, useSearchParams } from 'react-router';
import type { CurrentUser, UserWorkspace } from '@mergedesk/domain/api/users';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { PER_SEAT_FLOW_STEPS, purchaseFirstStep } from '@mergedesk/domain/billing/flows';
import { seatPageRedirectsToBilling, subscriptionState } from '@mergedesk/domain/billing/subscription-card';
import type { RestrictionFlag } from '@mergedesk/domain/rollout/restrictions';
import { NEW_SPACE_QUERY_FLAG } from '@mergedesk/domain/spaces/space-switch';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import { currentSubscription, useSubscriptions } from '../../api/get-subscriptions';
import { readSeatQuantity } from '../../lib/checkout-storage';
import { AddSeatsPage } from './add-seats-page';
import { CannotDowngradePage } from './cannot-downgrade-page';
import { CheckoutQueryFallback } from './checkout-query-fallback';
import { LegacyCheckout } from './legacy-checkout';
import { CycleChangeSummaryPage } from './cycle-change-summary-page';
import { InformationPage, informationBuyer } from './information-page';
import { RemoveSeatsPage } from './remove-seats-page';
import { SeatSelectionPage } from './seat-selection-page';

export type CheckoutStep =
  | 'root'
  | 'details'
  | 'information'
  | 'summary'
  | 'add-seats'
  | 'remove-seats'
  | 'options'
  | 'legacy-users'
  | 'cannot-downgrade';

export type CheckoutPageProps = {
  step: CheckoutStep;
  prefix: string;
  space: UserWorkspace;
  user: CurrentUser;
  /** The space details (features, domains); undefined while they load. */
  details?: Workspace | undefined;
  restrictions: ReadonlySet<RestrictionFlag>;
  refreshSpace: () => Promise<void>;
};

/** Spec 001 §2 "Checkout routes": the query flag of a billing-cycle change. */
const CHANGE_BILLING_CYCLE_PARAM = 'change-billing-cycle';

/**
 * The checkout routes of a per-seat space (spec 001 §2 "Checkout routes", "Redirects"): decides
 * from the subscription and the account type which step shows, or where to go instead.
 */
export function CheckoutPage(props: CheckoutPageProps) {
  const { step, prefix, space, user, restrictions, refreshSpace } = props;
  const [searchParams] = useSearchParams();
  const subscriptions = useSubscriptions(space.workspaceId);
  const isGmailUser = isGmailAddress(user.userEmail);
  const billingPath = `${prefix}/space/billing`;
  const at = (path: string) => `${prefix}/checkout${path}`;

  // Spec 001 §2: the 'new-space' flag opens the new-space dialog (the shell's) over the checkout.
  // The purchase waits for it: once the space is created it goes on there; cancelled, here.
  if (searchParams.has(NEW_SPACE_QUERY_FLAG)) {
    return (
      <Center py="xl">
        <Text c="dimmed">
          Create the space you are buying for, or cancel to buy for {space.workspaceName}.
        </Text>
      </Center>
    );
  }
  if (!subscriptions.isSuccess) return <CheckoutQueryFallback query={subscriptions} />;
  const subscription = currentSubscription(subscriptions.data);
  const active = subscription?.subscriptionStatus === 'ACTIVE' ? subscription : null;
  const state = subscriptionState(active);
  const toBilling = <Navigate to={billingPath} replace />;

  if (step === 'cannot-downgrade') {
    return <CannotDowngradePage usersPath={`${prefix}/space/users`} billingPath={billingPath} />;
  }
  if (!space.isPerSeat || step === 'options' || step === 'legacy-users') {
    // The per-user (legacy) model's checkout (spec 001 §2 "Legacy-model flow steps", §4).
    return <LegacyCheckout {...props} subscription={active} />;
  }

  if (step === 'add-seats' || step === 'remove-seats') {
    const redirect = seatPageRedirectsToBilling({
      page: step,
      isGmailUser,
      hasSubscription: active !== null && state === 'paid' && space.isPerSeat,
      hasScheduledRemoval: active?.seatInfo.scheduledRemoval != null,
      totalSeats: active?.seatInfo.totalSeats ?? null,
    });
    if (redirect || !active) return toBilling;
    return step === 'add-seats' ? (
      <AddSeatsPage
        prefix={prefix}
        subscription={active}
        workspaceId={space.workspaceId}
        refreshSpace={refreshSpace}
      />
    ) : (
      <RemoveSeatsPage
        prefix={prefix}
        subscription={active}
        workspaceId={space.workspaceId}
        refreshSpace={refreshSpace}
      />
    );
  }

  if (step === 'root' || step === 'summary') {
    if (searchParams.get(CHANGE_BILLING_CYCLE_PARAM) === '1' || step === 'summary') {
      // Spec 001 §2: a Gmail user on the summary goes to billing; without a paid subscription
      // there is no cycle to change.
      if ((step === 'summary' && isGmailUser) || !active || state !== 'paid') return toBilling;
      return (
        <CycleChangeSummaryPage
          prefix={prefix}
          subscription={active}
          workspaceId={space.workspaceId}
          isGmailUser={isGmailUser}
          isMonthlyBillingRestricted={restrictions.has('MONTHLY_BILLING')}
          refreshSpace={refreshSpace}
        />
      );
    }
    // Spec 001 §2: a Gmail user on bare checkout while a subscription exists goes to billing; with
    // no plan or interval parameters the checkout starts at the details step.
    if (isGmailUser && active) return toBilling;
    return <Navigate to={at(purchaseFirstStep(isGmailUser))} replace />;
  }

  // A purchase is for a space without a running paid subscription (ours: no second subscription).
  if (active && state !== 'free') return toBilling;
  if (!space.isPerSeat) return toBilling;

  const flowSteps = isGmailUser ? PER_SEAT_FLOW_STEPS.GMAIL_PURCHASE : PER_SEAT_FLOW_STEPS.DOMAIN_PURCHASE;
  if (step === 'details') {
    // Spec 001 §2: Gmail-type users skip the seat page.
    if (isGmailUser) return <Navigate to={at('/information')} replace />;
    return (
      <SeatSelectionPage
        workspaceId={space.workspaceId}
        workspaceName={space.workspaceName}
        steps={flowSteps}
        billingPath={billingPath}
        informationPath={at('/information')}
      />
    );
  }
  return (
    <InformationPage
      {...informationBuyer(space, user)}
      steps={flowSteps}
      current={isGmailUser ? 0 : 1}
      backTo={isGmailUser ? billingPath : at('/details')}
      purchase={{ version: 'v2', quantity: isGmailUser ? 1 : readSeatQuantity(space.workspaceId) }}
    />
  );
}
