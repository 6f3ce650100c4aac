import { Alert, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { CurrentUser, UserWorkspace } from '@mergedesk/domain/api/users';
import { CHECKOUT_SESSION_QUERY_PARAM } from '@mergedesk/domain/api/billing-paths';
import {
  billingQueryOutcome,
  DOWNGRADE_CANCELLED,
  hasSuccessQuery,
  isWrongPlanQuery,
} from '@mergedesk/domain/billing/billing-query';
import { formatMoney } from '@mergedesk/domain/billing/display';
import { BILLING_MESSAGES, duplicateRefundedText } from '@mergedesk/domain/billing/messages';
import {
  BILLING_ERROR_QUERY_PARAM,
  isSubscriptionUpdateError,
  SUBSCRIPTION_UPDATE_ERROR_MESSAGES,
} from '@mergedesk/domain/billing/flows';
import type { PlanCardId } from '@mergedesk/domain/billing/plan-definitions';
import { DEFAULT_CURRENCY } from '@mergedesk/domain/billing/prices';
import { subscriptionState } from '@mergedesk/domain/billing/subscription-card';
import type { RestrictionFlag } from '@mergedesk/domain/rollout/restrictions';
import { canQuerySubscriptions } from '@mergedesk/domain/roles/permissions';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import { RetryAlert } from '../../../components/retry-alert';
import { usePageTitle } from '../../../lib/page-title';
import { useCheckoutOutcome } from '../api/get-checkout-outcome';
import { usePaymentPlans } from '../api/get-payment-plans';
import { currentSubscription, useSubscriptions } from '../api/get-subscriptions';
import { useStripSuccessQuery } from '../lib/use-strip-success-query';
import { CurrentPlanCard } from './current-plan-card';
import { PlanCards, type UpgradePaths } from './plan-cards';
import { SuccessBanner } from './success-banner';

/** Spec 001 §2: 'show-plans=1' opens the plan list of a paid space. */
const SHOW_PLANS_PARAM = 'show-plans';
/** How long a checkout's return waits for the webhook to make the space paid (ours). */
const CONFIRM_ATTEMPTS = 8;
const CONFIRM_INTERVAL_MS = 2000;

export type BillingPageProps = {
  prefix: string;
  space: UserWorkspace;
  user: CurrentUser;
  restrictions: ReadonlySet<RestrictionFlag>;
  /** Refetches the space and the current user (spec 001 §4: after a subscription change). */
  refreshSpace: () => Promise<void>;
};

/**
 * {prefix}/space/billing (spec 001 §2 "Billing page"): the success banner of a checkout's return
 * (stripped when inconsistent), the redirect error codes, the current plan card and the plan list
 * (always on the free plan, with show-plans=1 otherwise). The billing warnings live in the shell's
 * alert area (they show on every page).
 */
export function BillingPage({ prefix, space, user, restrictions, refreshSpace }: BillingPageProps) {
  usePageTitle('Billing');
  const [searchParams] = useSearchParams();
  const stripSuccessQuery = useStripSuccessQuery();
  const isGmailUser = isGmailAddress(user.userEmail);
  const subscriptions = useSubscriptions(space.workspaceId, {
    enabled: canQuerySubscriptions({ role: space.userRole }),
  });
  const subscription = currentSubscription(subscriptions.data);
  const plans = usePaymentPlans(subscription?.currency ?? DEFAULT_CURRENCY);
  const [downgradeCancelled, setDowngradeCancelled] = useState(false);

  const queryOutcome = billingQueryOutcome(searchParams, space.workspacePlan);
  // Issue 22: a checkout's return names its session; the page asks Stripe (through the server)
  // what became of it, and says nothing of success before Stripe confirms.
  // The session the page returned with (kept once the query is stripped, for the notice below).
  const [sessionId] = useState(() => searchParams.get(CHECKOUT_SESSION_QUERY_PARAM));
  const checkout = useCheckoutOutcome(space.workspaceId, sessionId);
  const checkoutState = sessionId === null ? 'PAID' : (checkout.data?.outcome ?? 'PENDING');
  const [duplicateNoticeDismissed, setDuplicateNoticeDismissed] = useState(false);
  const outcome =
    queryOutcome.action === 'banner' && checkoutState !== 'PAID'
      ? checkoutState === 'PENDING' && !checkout.isError
        ? ({ action: 'none' } as const)
        : ({ action: 'strip' } as const)
      : queryOutcome;
  // A checkout's return can arrive before its webhook has made the space paid: a success query
  // that would be valid on a paid plan waits for the space to be refreshed before it is stripped.
  const awaitsConfirmation =
    (space.workspacePlan === 'FREE' && billingQueryOutcome(searchParams, 'PRO').action === 'banner') ||
    (checkoutState === 'PENDING' && !checkout.isError && hasSuccessQuery(searchParams));
  const confirmation = useConfirmationPolling(awaitsConfirmation, async () => {
    await Promise.all([refreshSpace(), subscriptions.refetch()]);
  });
  const duplicateNotice =
    checkout.data?.outcome === 'REFUNDED_DUPLICATE' &&
    checkout.data.currency !== null &&
    !duplicateNoticeDismissed
      ? duplicateRefundedText(formatMoney(checkout.data.refundedAmount ?? 0, checkout.data.currency))
      : null;
  useEffect(() => {
    if (outcome.action === 'strip' && !(awaitsConfirmation && !confirmation.exhausted)) stripSuccessQuery();
  }, [outcome.action, awaitsConfirmation, confirmation.exhausted, stripSuccessQuery]);

  const wrongPlan = isWrongPlanQuery(searchParams.get('plan'), isGmailUser) || searchParams.has('wrong-plan');
  if (wrongPlan) return <Navigate to={`/wrong-plan?${searchParams.toString()}`} replace />;

  const errorCode = searchParams.get(BILLING_ERROR_QUERY_PARAM);
  const state = subscriptionState(subscription);
  const currentPlan: PlanCardId | null =
    state === 'free'
      ? 'FREE'
      : state === 'paid' && subscription?.workspacePlan !== 'LEGACY'
        ? (subscription?.workspacePlan as PlanCardId)
        : null;
  const showPlans = state === 'free' || searchParams.get(SHOW_PLANS_PARAM) === '1';

  return (
    <Stack gap="lg">
      <Title order={1}>Billing</Title>
      <div aria-live="polite">
        {awaitsConfirmation && !confirmation.exhausted && (
          <Alert
            color="blue"
            variant="light"
            icon={<Loader size={18} aria-hidden />}
            title="Confirming your purchase…"
          >
            <Text size="sm">This takes a few seconds.</Text>
          </Alert>
        )}
        {outcome.action === 'banner' && (
          <SuccessBanner
            banner={outcome.banner}
            membersPath={`${prefix}/space/users`}
            onDismiss={stripSuccessQuery}
          />
        )}
        {duplicateNotice !== null && (
          <Alert
            role="alert"
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={BILLING_MESSAGES.DUPLICATE_REFUNDED_TITLE}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setDuplicateNoticeDismissed(true)}
          >
            <Text size="sm">{duplicateNotice}</Text>
          </Alert>
        )}
        {downgradeCancelled && (
          <Alert
            role="status"
            color="teal"
            variant="light"
            icon={<IconCircleCheck aria-hidden />}
            title={DOWNGRADE_CANCELLED}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setDowngradeCancelled(false)}
          />
        )}
      </div>
      {isSubscriptionUpdateError(errorCode) && (
        <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {SUBSCRIPTION_UPDATE_ERROR_MESSAGES[errorCode]}
        </Alert>
      )}

      {subscriptions.isPending ? (
        <Stack gap="md" role="status" aria-label="Loading your subscription" aria-busy>
          <Skeleton height={28} width="30%" />
          <Skeleton height={120} />
        </Stack>
      ) : subscriptions.isError ? (
        <RetryAlert onRetry={() => void subscriptions.refetch()} retrying={subscriptions.isFetching} />
      ) : (
        <CurrentPlanCard
          workspaceId={space.workspaceId}
          prefix={prefix}
          subscription={subscription}
          isPerSeat={space.isPerSeat}
          role={space.userRole}
          isGmailUser={isGmailUser}
          plans={plans.data}
          isMonthlyBillingRestricted={restrictions.has('MONTHLY_BILLING')}
          isPremiumRestricted={restrictions.has('PREMIUM_PLAN')}
          onChanged={async () => {
            await Promise.all([refreshSpace(), subscriptions.refetch()]);
          }}
          onDowngradeCancelled={() => setDowngradeCancelled(true)}
        />
      )}

      {showPlans && subscriptions.isSuccess && (
        <PlanCards
          plans={{
            data: plans.data,
            isError: plans.isError,
            isFetching: plans.isFetching,
            refetch: () => void plans.refetch(),
          }}
          currentPlan={currentPlan}
          isGmailUser={isGmailUser}
          showPremium={!restrictions.has('PREMIUM_PLAN')}
          taxRate={subscription?.taxRate ?? 0}
          upgradePaths={upgradePaths(prefix, space.isPerSeat, state === 'free')}
        />
      )}
    </Stack>
  );
}

/**
 * Spec 001 §2: per-seat upgrades go to /checkout/details (Pro only: the per-seat checkout accepts
 * only PRO); legacy-model (per-user) upgrades go to /checkout with the plan, Pro or Premium.
 */
function upgradePaths(prefix: string, isPerSeat: boolean, isFree: boolean): UpgradePaths {
  if (!isFree) return { PRO: null, PREMIUM: null };
  if (isPerSeat) return { PRO: `${prefix}/checkout/details`, PREMIUM: null };
  return {
    PRO: `${prefix}/checkout?plan=PRO&interval=YEARLY`,
    PREMIUM: `${prefix}/checkout?plan=PREMIUM&interval=YEARLY`,
  };
}

/** Refreshes every 2 s while `active`, at most CONFIRM_ATTEMPTS times. */
function useConfirmationPolling(active: boolean, refresh: () => Promise<void>) {
  const [attempts, setAttempts] = useState(0);
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  });
  useEffect(() => {
    if (!active || attempts >= CONFIRM_ATTEMPTS) return;
    const timer = window.setTimeout(() => {
      void refreshRef.current().finally(() => setAttempts((count) => count + 1));
    }, CONFIRM_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [active, attempts]);
  return { exhausted: attempts >= CONFIRM_ATTEMPTS };
}
