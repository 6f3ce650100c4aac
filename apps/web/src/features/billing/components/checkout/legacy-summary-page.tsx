import { Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import type {
  CheckoutUsersResponse,
  PaymentPreviewRequest,
  SubscriptionV1,
} from '@mergedesk/domain/api/billing';
import { CANNOT_DOWNGRADE_REASON } from '@mergedesk/domain/billing/legacy-checkout';
import type { CheckoutTarget } from '@mergedesk/domain/billing/checkout-query';
import { formatMoney, periodTotal, SUMMARY_TITLE_TEXT } from '@mergedesk/domain/billing/display';
import { findPaymentPlan } from '@mergedesk/domain/billing/plan-prices';
import {
  BILLING_ERROR_QUERY_PARAM,
  isSubscriptionUpdateError,
  legacyModelFlowSteps,
  subscriptionUpdateError,
  type LegacyModelFlowType,
} from '@mergedesk/domain/billing/flows';
import {
  listedCheckoutUsers,
  paidUsersAfterChoice,
  perUserSummaryTitle,
  selectionUserPlans,
} from '@mergedesk/domain/billing/legacy-selection';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import { ApiError } from '../../../../lib/api-client';
import { creditAppliedText, legacyCreditText } from '@mergedesk/domain/billing/legacy-credit';
import { usePageTitle } from '../../../../lib/page-title';
import { formatLongDate } from '../../../../lib/dates';
import { useCheckoutPreview } from '../../api/get-checkout-preview';
import { usePaymentPlans } from '../../api/get-payment-plans';
import { isConfirmed, useUpdateSubscription } from '../../api/update-subscription';
import { saveCheckoutUsers } from '../../../../lib/checkout-users-storage';
import { previewProrationText } from '../../lib/proration';
import { useCheckoutSelection } from '../../lib/use-checkout-selection';
import { SummaryActions } from './checkout-actions';
import { SummaryErrorAlert } from './checkout-error-alert';
import { CheckoutHeader } from './checkout-header';
import { PriceRegion } from './price-region';
import { UserEmailList } from './user-email-list';

export type LegacySummaryPageProps = {
  workspaceId: string;
  prefix: string;
  subscription: SubscriptionV1;
  checkoutUsers: CheckoutUsersResponse;
  flowType: LegacyModelFlowType;
  target: CheckoutTarget;
  /** Spec 001 §2: from=users — Back goes to the space users page. */
  fromUsers: boolean;
  refreshSpace: () => Promise<void>;
};

const PERIOD = { YEARLY: 'year', MONTHLY: 'month' } as const;

/**
 * /checkout/summary of the per-user model (spec 001 §2, §4 "Summary"): the review of a change of
 * paid users (and plan) of a running subscription, titled UPGRADE or DOWNGRADE by the server's
 * prices (CYCLE_CHANGE when the interval changes), with what happens today or at the renewal.
 * Users made paid are paid at once; users made free stay paid until the renewal (spec 002 §4.6).
 * Confirming sends the PUT with the users' new plans. Nothing to change goes back to /checkout.
 */
export function LegacySummaryPage(props: LegacySummaryPageProps) {
  const { workspaceId, prefix, subscription, target, checkoutUsers } = props;
  const navigate = useNavigate();
  const users = listedCheckoutUsers(checkoutUsers.items);
  const [selection] = useCheckoutSelection(workspaceId, checkoutUsers.items);
  const changes = selectionUserPlans(users, selection, true);
  const current = { plan: subscription.workspacePlan, interval: subscription.billingInterval };
  const planChanges = target.plan !== current.plan;
  const intervalChanges = target.interval !== current.interval;
  const update = useUpdateSubscription(workspaceId, subscription.subscriptionId);
  const request: PaymentPreviewRequest = {
    country: subscription.country,
    purchaseType: subscription.purchaseType,
    billingInterval: target.interval,
    workspacePlan: target.plan,
    userUpdates: changes,
  };
  const hasDelta = changes.length > 0 || planChanges || intervalChanges;
  const preview = useCheckoutPreview(workspaceId, hasDelta ? request : null, true, 'v1');
  const info = preview.data;
  const paidUsers = paidUsersAfterChoice(users, selection);
  const title = info
    ? perUserSummaryTitle({
        currentPlan: current.plan,
        targetPlan: target.plan,
        currentInterval: current.interval,
        targetInterval: target.interval,
        paidUsers,
        amounts: { current: info.currentAmount, target: info.totalAmount },
      })
    : null;
  // What a full period costs from the renewal on (users made free are paid until then, so the
  // prorated preview's total is today's): the catalogue price of the target plan for those users.
  const plans = usePaymentPlans(subscription.currency);
  const renewalPlan =
    plans.data &&
    findPaymentPlan(plans.data, {
      workspacePlan: target.plan,
      isGmailUser: isGmailAddress(checkoutUsers.ownerEmail),
      billingInterval: target.interval,
    });
  const renewalPrice =
    renewalPlan &&
    formatMoney(
      periodTotal({
        tiers: renewalPlan.paymentPlanTiers,
        quantity: paidUsers.after,
        taxRate: subscription.taxRate,
      }),
      renewalPlan.currency,
    );
  usePageTitle(title ? SUMMARY_TITLE_TEXT[title] : 'Review');

  const checkoutPath = `${prefix}/checkout`;
  const billingPath = `${prefix}/space/billing`;
  if (!hasDelta) {
    // Once confirmed, the refetched users carry the change (no delta left): wait for the redirect.
    return isConfirmed(update) ? (
      <Center py="xl">
        <Loader aria-label="Updating your subscription" />
      </Center>
    ) : (
      <Navigate to={checkoutPath} replace />
    );
  }
  const refused = subscriptionUpdateError({
    currentPlan: current.plan,
    targetPlan: target.plan,
    currentInterval: current.interval,
    targetInterval: target.interval,
    hasSubscriptionSchedule: subscription.scheduledChanges !== null,
  });
  // As above: once confirmed, a scheduled change in the refetched subscription is the one just made.
  if (refused && !isConfirmed(update)) {
    return <Navigate to={`${billingPath}?${BILLING_ERROR_QUERY_PARAM}=${refused}`} replace />;
  }

  const madePaid = users.filter((user) => changes.some((c) => c.userId === user.id && c.userPlan !== 'FREE'));
  const madeFree = users.filter((user) => changes.some((c) => c.userId === user.id && c.userPlan === 'FREE'));
  const steps = legacyModelFlowSteps(props.flowType, users.length);

  const confirm = () =>
    update.mutate(
      {
        ...(planChanges ? { workspacePlan: target.plan } : {}),
        ...(intervalChanges ? { billingInterval: target.interval } : {}),
        ...(changes.length > 0 ? { workspaceUserPlans: changes } : {}),
      },
      {
        onSuccess: () => {
          saveCheckoutUsers(workspaceId, {});
          const query = new URLSearchParams({ checkout: 'success', from: current.plan, to: target.plan });
          if (intervalChanges) {
            query.set('fromInterval', current.interval);
            query.set('toInterval', target.interval);
          }
          // The user delta (spec 001 §2): how many users changed licence, by kind of address.
          const gmail = changes.filter((change) =>
            isGmailAddress(users.find((user) => user.id === change.userId)?.email ?? ''),
          ).length;
          if (gmail > 0) query.set('gmailUsers', String(gmail));
          if (changes.length > gmail) query.set('workspaceUsers', String(changes.length - gmail));
          void props.refreshSpace().then(() => navigate(`${billingPath}?${query.toString()}`));
        },
        onError: (error) => {
          const reason = error instanceof ApiError ? (error.reason ?? null) : null;
          if (reason === CANNOT_DOWNGRADE_REASON) void navigate(`${checkoutPath}/cannot-downgrade`);
          else if (isSubscriptionUpdateError(reason)) {
            void navigate(`${billingPath}?${BILLING_ERROR_QUERY_PARAM}=${reason}`);
          }
        },
      },
    );

  return (
    <Stack gap="lg" maw={720}>
      <CheckoutHeader
        steps={steps}
        current={Math.max(0, steps.indexOf('Review'))}
        backTo={props.fromUsers ? `${prefix}/space/users` : -1}
      />
      {title ? (
        <Title order={1}>{SUMMARY_TITLE_TEXT[title]}</Title>
      ) : (
        <Center py="md">
          <Loader size="sm" aria-label="Loading the summary" />
        </Center>
      )}
      <SummaryErrorAlert failed={update.isError} error={update.error} />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          {planChanges && (
            <Text>
              From {current.plan === 'PREMIUM' ? 'Premium' : 'Pro'} to{' '}
              {target.plan === 'PREMIUM' ? 'Premium' : 'Pro'}.
            </Text>
          )}
          {madePaid.length > 0 && (
            <UserEmailList title="Made paid now" emails={madePaid.map((user) => user.email)} />
          )}
          {madeFree.length > 0 && (
            <UserEmailList title="Made free at the renewal" emails={madeFree.map((user) => user.email)} />
          )}
          <PriceRegion query={preview}>
            {(loaded) => (
              <Stack gap={4}>
                {renewalPrice && (
                  <Text fw={700}>
                    From {formatLongDate(subscription.endTimestamp)}: {renewalPrice} per{' '}
                    {PERIOD[target.interval]}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  Now {formatMoney(loaded.currentAmount, loaded.currency)} per {PERIOD[current.interval]}
                </Text>
                <Text size="sm">
                  {previewProrationText(loaded, {
                    currentInterval: current.interval,
                    targetInterval: target.interval,
                  })}
                </Text>
                {(loaded.creditApplied ?? 0) > 0 && (
                  <Text size="sm">
                    {creditAppliedText(formatMoney(loaded.creditApplied ?? 0, loaded.currency))}
                  </Text>
                )}
                {(loaded.legacyCredit ?? 0) > 0 && (
                  // Issue 22: the unused part of the licence, before confirming.
                  <Text size="sm">
                    {legacyCreditText(formatMoney(loaded.legacyCredit ?? 0, loaded.currency))}
                  </Text>
                )}
              </Stack>
            )}
          </PriceRegion>
          <SummaryActions
            cancelTo={billingPath}
            onConfirm={confirm}
            pending={update.isPending}
            disabled={!info}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
