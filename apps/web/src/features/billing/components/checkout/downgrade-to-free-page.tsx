import { Card, Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import type { CheckoutUsersResponse, SubscriptionV1 } from '@mergedesk/domain/api/billing';
import { prorationText, SUMMARY_TITLE_TEXT } from '@mergedesk/domain/billing/display';
import { downgradeToFreeRefusal } from '@mergedesk/domain/billing/legacy-checkout';
import { listedCheckoutUsers } from '@mergedesk/domain/billing/legacy-selection';
import { spacePlanLabel } from '@mergedesk/domain/plans/plans';
import { formatLongDate } from '../../../../lib/dates';
import { usePageTitle } from '../../../../lib/page-title';
import { isConfirmed, useUpdateSubscription } from '../../api/update-subscription';
import { SummaryActions } from './checkout-actions';
import { SummaryErrorAlert } from './checkout-error-alert';
import { CheckoutHeader } from './checkout-header';
import { UserEmailList } from './user-email-list';

export type DowngradeToFreePageProps = {
  workspaceId: string;
  prefix: string;
  subscription: SubscriptionV1;
  checkoutUsers: CheckoutUsersResponse;
  refreshSpace: () => Promise<void>;
};

/**
 * /checkout/summary?plan=FREE, the review of a per-user subscription's move to the free plan (spec
 * 001 §4 "PREMIUM moving to PRO or FREE gives DOWNGRADE", §7 downgradeToFree): every paid user stays
 * paid until the renewal, then becomes free and the subscription ends; nothing is charged or
 * refunded. Confirming sends the PUT with downgradeToFree and returns to billing, where the move
 * shows and can be undone ('Keep my plan').
 */
export function DowngradeToFreePage(props: DowngradeToFreePageProps) {
  const { workspaceId, prefix, subscription, checkoutUsers } = props;
  usePageTitle(SUMMARY_TITLE_TEXT.DOWNGRADE);
  const navigate = useNavigate();
  const update = useUpdateSubscription(workspaceId, subscription.subscriptionId);
  const billingPath = `${prefix}/space/billing`;
  const refusal = downgradeToFreeRefusal({
    ...subscription,
    hasScheduledChange:
      subscription.scheduledChanges !== null || subscription.seatInfo.scheduledRemoval !== null,
  });
  // Nothing to review (a licence, an ending subscription, a change to cancel first): billing says why.
  if (refusal !== null && !isConfirmed(update)) return <Navigate to={billingPath} replace />;

  const paidUsers = listedCheckoutUsers(checkoutUsers.items).filter((user) => user.isPaid);
  const renewal = formatLongDate(subscription.endTimestamp);
  const plan = spacePlanLabel(subscription.workspacePlan);
  const confirm = () =>
    update.mutate(
      { downgradeToFree: true },
      {
        onSuccess: () => {
          const query = new URLSearchParams({
            checkout: 'success',
            from: subscription.workspacePlan,
            to: 'FREE',
          });
          void props.refreshSpace().then(() => navigate(`${billingPath}?${query.toString()}`));
        },
      },
    );

  return (
    <Stack gap="lg" maw={720}>
      <CheckoutHeader steps={[]} current={0} backTo={-1} />
      <Title order={1}>{SUMMARY_TITLE_TEXT.DOWNGRADE}</Title>
      <SummaryErrorAlert failed={update.isError} error={update.error} />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Text>From {plan} to Free.</Text>
          <UserEmailList title="Made free at the renewal" emails={paidUsers.map((user) => user.email)} />
          <Text fw={700}>From {renewal}: Free, nothing more to pay</Text>
          <Text size="sm">
            {prorationText({
              timing: 'AT_RENEWAL',
              chargedToday: 0,
              proratedDays: 0,
              currency: subscription.currency,
            })}{' '}
            Until then every paid user keeps {plan}; you can keep your plan from the billing page.
          </Text>
          <SummaryActions cancelTo={billingPath} onConfirm={confirm} pending={update.isPending} color="red" />
        </Stack>
      </Card>
    </Stack>
  );
}
