import { Navigate, useSearchParams } from 'react-router';
import type { SubscriptionV1 } from '@mergedesk/domain/api/billing';
import { checkoutTarget, checkoutTargetQuery } from '@mergedesk/domain/billing/checkout-query';
import { legacyModelFlowSteps, legacyModelFlowType } from '@mergedesk/domain/billing/flows';
import {
  initialCheckoutSelection,
  listedCheckoutUsers,
  selectionUserPlans,
} from '@mergedesk/domain/billing/legacy-selection';
import { subscriptionState } from '@mergedesk/domain/billing/subscription-card';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import { useCheckoutUsers } from '../../api/get-checkout-users';
import { readCheckoutUsers } from '../../../../lib/checkout-users-storage';
import type { CheckoutPageProps } from './checkout-page';
import { CheckoutQueryFallback } from './checkout-query-fallback';
import { CycleChangeSummaryPage } from './cycle-change-summary-page';
import { DowngradeToFreePage } from './downgrade-to-free-page';
import { InformationPage, informationBuyer } from './information-page';
import { LegacySummaryPage } from './legacy-summary-page';
import { LegacyUsersPage } from './legacy-users-page';
import { OptionsPage } from './options-page';

export type LegacyCheckoutProps = CheckoutPageProps & { subscription: SubscriptionV1 | null };

/**
 * The checkout of the per-user (legacy) model (spec 001 §2 "Legacy-model flow steps", §4): the flow
 * type follows the running subscription and the target plan; bare /checkout goes to the options
 * step (a Team legacy licence to the legacy users page), the options step to the summary of a
 * change or to the billing information of a purchase. Support-managed and offline subscriptions are
 * changed by support: billing.
 */
export function LegacyCheckout(props: LegacyCheckoutProps) {
  const { step, prefix, space, user, subscription, restrictions, refreshSpace } = props;
  const [searchParams] = useSearchParams();
  const isPerUser = !space.isPerSeat;
  const checkoutUsers = useCheckoutUsers(space.workspaceId, { enabled: isPerUser });
  const billingPath = `${prefix}/space/billing`;
  const checkoutPath = `${prefix}/checkout`;
  const toBilling = <Navigate to={billingPath} replace />;

  // Spec 001 §2: the legacy users page "redirects to the space page if the plan is not LEGACY".
  if (step === 'legacy-users' && space.workspacePlan !== 'LEGACY') {
    return <Navigate to={`${prefix}/space`} replace />;
  }
  if (!isPerUser) return toBilling;
  const state = subscriptionState(subscription);
  if (state === 'custom') return toBilling;

  if (!checkoutUsers.isSuccess) return <CheckoutQueryFallback query={checkoutUsers} />;

  const target = checkoutTarget({
    query: searchParams,
    current: state === 'free' ? null : subscription,
    isMonthlyBillingRestricted: restrictions.has('MONTHLY_BILLING'),
  });
  const flowType = legacyModelFlowType({
    currentPlan: state === 'free' ? null : (subscription?.workspacePlan ?? null),
    legacyType: subscription?.legacyType ?? space.legacyPlanType,
    legalEntity: subscription?.subscriptionPaymentPlans?.[0]?.legalEntity ?? null,
    targetPlan: target.plan,
  });
  const isTeamLegacy = flowType === 'UPGRADE_LEGACY_US' || flowType === 'UPGRADE_LEGACY_BE';
  const isPurchase = flowType !== 'UPGRADE' && flowType !== 'DOWNGRADE';
  const query = checkoutTargetQuery(target);
  const users = checkoutUsers.data;
  const common = {
    workspaceId: space.workspaceId,
    workspaceName: space.workspaceName,
    checkoutPath,
    billingPath,
    flowType,
    target,
    checkoutUsers: users,
  };

  switch (step) {
    case 'legacy-users':
      return <LegacyUsersPage {...common} onUsersAdded={() => checkoutUsers.refetch()} />;
    case 'options':
      return (
        <OptionsPage
          {...common}
          pricing={{
            country: subscription?.country ?? 'US',
            purchaseType: subscription?.purchaseType ?? 'B2C',
            prorated: !isPurchase,
          }}
        />
      );
    case 'summary':
      if (searchParams.get('plan')?.toUpperCase() === 'FREE') {
        // The move to the free plan (DOWNGRADE to FREE, spec 001 §4): its own review, no choice.
        if (state !== 'paid' || !subscription) return toBilling;
        return (
          <DowngradeToFreePage
            workspaceId={space.workspaceId}
            prefix={prefix}
            subscription={subscription}
            checkoutUsers={users}
            refreshSpace={refreshSpace}
          />
        );
      }
      if (isPurchase || !subscription) return <Navigate to={checkoutPath} replace />;
      return (
        <LegacySummaryPage
          workspaceId={space.workspaceId}
          prefix={prefix}
          subscription={subscription}
          checkoutUsers={users}
          flowType={flowType}
          target={target}
          fromUsers={searchParams.get('from') === 'users'}
          refreshSpace={refreshSpace}
        />
      );
    case 'information': {
      if (!isPurchase) return <Navigate to={`${checkoutPath}/options?${query}`} replace />;
      const selection = initialCheckoutSelection(users.items, readCheckoutUsers(space.workspaceId));
      const paidUsers = selectionUserPlans(listedCheckoutUsers(users.items), selection, false);
      if (paidUsers.length === 0) return <Navigate to={`${checkoutPath}/options?${query}`} replace />;
      const steps = isTeamLegacy ? [] : legacyModelFlowSteps(flowType, users.items.length);
      return (
        <InformationPage
          {...informationBuyer(space, user)}
          steps={steps}
          current={Math.max(0, steps.indexOf('Billing information'))}
          backTo={-1}
          purchase={{ version: 'v1', target, paidUsers }}
        />
      );
    }
    case 'root':
    case 'details':
      if (searchParams.get('change-billing-cycle') === '1') {
        // A per-user Pro or Premium subscription changes its cycle as a per-seat one does (at the
        // period end); a legacy licence switches to a new plan instead.
        if (state !== 'paid' || !subscription) return toBilling;
        return (
          <CycleChangeSummaryPage
            prefix={prefix}
            subscription={subscription}
            workspaceId={space.workspaceId}
            isGmailUser={isGmailAddress(user.userEmail)}
            isMonthlyBillingRestricted={restrictions.has('MONTHLY_BILLING')}
            refreshSpace={refreshSpace}
          />
        );
      }
      return (
        <Navigate
          to={isTeamLegacy ? `${checkoutPath}/legacy/users?${query}` : `${checkoutPath}/options?${query}`}
          replace
        />
      );
    default:
      return toBilling;
  }
}
