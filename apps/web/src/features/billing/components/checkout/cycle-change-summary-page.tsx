import { Card, Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import type { PaymentPreviewRequest, SubscriptionV1 } from '@mergedesk/domain/api/billing';
import { formatMoney, SUMMARY_TITLE_TEXT, summaryTitle } from '@mergedesk/domain/billing/display';
import { BILLING_ERROR_QUERY_PARAM, isSubscriptionUpdateError } from '@mergedesk/domain/billing/flows';
import type { BillingInterval } from '@mergedesk/domain/billing/prices';
import { billedUnits } from '@mergedesk/domain/billing/subscription-card';
import { ApiError } from '../../../../lib/api-client';
import { usePageTitle } from '../../../../lib/page-title';
import { useCheckoutPreview } from '../../api/get-checkout-preview';
import { isConfirmed, useUpdateSubscription } from '../../api/update-subscription';
import { previewProrationText } from '../../lib/proration';
import { SummaryActions } from './checkout-actions';
import { CheckoutHeader } from './checkout-header';
import { SummaryErrorAlert } from './checkout-error-alert';
import { PriceRegion } from './price-region';

export type CycleChangeSummaryPageProps = {
  prefix: string;
  workspaceId: string;
  subscription: SubscriptionV1;
  isGmailUser: boolean;
  isMonthlyBillingRestricted: boolean;
  refreshSpace: () => Promise<void>;
};

const OTHER_INTERVAL = { YEARLY: 'MONTHLY', MONTHLY: 'YEARLY' } as const satisfies Record<
  BillingInterval,
  BillingInterval
>;
const PERIOD = { YEARLY: 'year', MONTHLY: 'month' } as const;

/**
 * /checkout?change-billing-cycle=1 (spec 001 §2, §4 "Summary"), per seat and per user (Pro,
 * Premium): the CYCLE_CHANGE summary of a
 * move to the other billing interval, priced by the server's prorated preview, with the timing
 * sentence; confirming changes the subscription (yearly to monthly at the end of the cycle, through
 * a subscription schedule on the server) and returns to billing.
 */
export function CycleChangeSummaryPage(props: CycleChangeSummaryPageProps) {
  const { prefix, workspaceId, subscription } = props;
  const navigate = useNavigate();
  const current = subscription.billingInterval;
  const target = OTHER_INTERVAL[current];
  const title = summaryTitle({
    currentPlan: subscription.workspacePlan,
    targetPlan: subscription.workspacePlan,
    currentInterval: current,
    targetInterval: target,
    currentBasePrice: subscription.amount,
    targetBasePrice: subscription.amount,
  });
  usePageTitle(SUMMARY_TITLE_TEXT[title]);
  const update = useUpdateSubscription(workspaceId, subscription.subscriptionId);
  const billingPath = `${prefix}/space/billing`;
  const userPlan = subscription.subscriptionPaymentPlans?.[0]?.userPlanType ?? 'PRO';
  const perSeatPlan =
    subscription.workspacePlan === 'PRO' || subscription.workspacePlan === 'PREMIUM'
      ? subscription.workspacePlan
      : null;
  const request: PaymentPreviewRequest | null = perSeatPlan && {
    country: subscription.country,
    purchaseType: subscription.purchaseType,
    billingInterval: target,
    workspacePlan: perSeatPlan,
    // Per seat the seats, per user the paid users: what the subscription bills.
    seatPlans: [{ userPlan, quantity: billedUnits(subscription) }],
  };
  const preview = useCheckoutPreview(workspaceId, request, true);

  // The monthly cycle is not offered while MONTHLY_BILLING is restricted; a change already
  // scheduled is cancelled on the billing page first.
  if (!perSeatPlan || (target === 'MONTHLY' && props.isMonthlyBillingRestricted)) {
    return <Navigate to={billingPath} replace />;
  }
  // Once confirmed, the refetched subscription carries the change just scheduled: the way to the
  // success banner is under way, this is no refusal (redirecting here unmounted the page before its
  // success navigation ran).
  if (subscription.scheduledChanges && !isConfirmed(update)) {
    return (
      <Navigate
        to={`${billingPath}?${BILLING_ERROR_QUERY_PARAM}=cannot-change-billing-cycle-when-scheduled`}
        replace
      />
    );
  }

  const confirm = () =>
    update.mutate(
      { billingInterval: target },
      {
        onSuccess: () => {
          void props
            .refreshSpace()
            .then(() =>
              navigate(`${billingPath}?checkout=success&fromInterval=${current}&toInterval=${target}`),
            );
        },
        onError: (error) => {
          const reason = error instanceof ApiError ? (error.reason ?? null) : null;
          if (isSubscriptionUpdateError(reason)) {
            void navigate(`${billingPath}?${BILLING_ERROR_QUERY_PARAM}=${reason}`);
          }
        },
      },
    );

  return (
    <Stack gap="lg" maw={640}>
      <CheckoutHeader steps={[]} current={0} backTo={billingPath} />
      <Title order={1}>{SUMMARY_TITLE_TEXT[title]}</Title>
      <SummaryErrorAlert failed={update.isError} error={update.error} />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Text>
            From billed {current === 'YEARLY' ? 'annually' : 'monthly'} to billed{' '}
            {target === 'YEARLY' ? 'annually' : 'monthly'}.
          </Text>
          <PriceRegion query={preview}>
            {(info) => (
              <Stack gap={4}>
                <Text fw={700}>
                  {formatMoney(info.totalAmount, info.currency)} per {PERIOD[target]}
                </Text>
                <Text size="sm">
                  {previewProrationText(info, { currentInterval: current, targetInterval: target })}
                </Text>
              </Stack>
            )}
          </PriceRegion>
          <SummaryActions
            cancelTo={billingPath}
            onConfirm={confirm}
            pending={update.isPending}
            disabled={!preview.data}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
