import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import {
  ALL_PAYMENTS_FAILED_TITLE,
  PAYMENT_CONFIRMATION_NEEDED_TITLE,
  PAYMENT_FAILED_TITLE,
  paymentFailedText,
  paymentWarningKind,
  seatPricingIneligibleTitle,
  seatPricingIneligibleVisible,
} from '@mergedesk/domain/alerts/alerts';
import type { CurrentUser, UserWorkspace } from '@mergedesk/domain/api/users';
import { canSeeBillingWarnings } from '@mergedesk/domain/roles/permissions';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import { formatLongDate } from '../../../lib/dates';
import { SUPPORT_REQUEST_URL } from '../../../lib/product';
import { currentSubscription, useSubscriptions } from '../api/get-subscriptions';

export type BillingWarningsProps = { space: UserWorkspace; user: CurrentUser; prefix: string };

/** Spec 001 §2: the query parameter that asks for the seat-pricing ineligibility warning. */
const SEAT_PRICING_INELIGIBILITY_PARAM = 'seat-pricing-ineligibility';

/**
 * The billing warnings of the alert area (spec 001 §2 "Warning banners", spec 000 §4): payment
 * failed, confirmation needed, all payment attempts failed, and the seat-pricing ineligibility.
 * Shown to ADMIN and OWNER in the per-user view, OWNER only in the per-seat view; members never
 * fetch subscriptions.
 */
export function BillingWarnings({ space, user, prefix }: BillingWarningsProps) {
  const [searchParams] = useSearchParams();
  const allowed = canSeeBillingWarnings({
    role: space.userRole,
    billingModel: space.isPerSeat ? 'PER_SEAT' : 'PER_USER',
  });
  const subscriptions = useSubscriptions(space.workspaceId, { enabled: allowed });
  if (!allowed) return null;

  const items = subscriptions.data ?? [];
  const kind = paymentWarningKind(
    items.map((item) => ({
      subscriptionStatus: item.subscriptionStatus,
      latestInvoicePaid: item.additionalStripeInfo?.latestInvoice?.paid ?? null,
      paymentIntentStatus: item.additionalStripeInfo?.latestInvoice?.paymentIntent?.status ?? null,
    })),
  );
  const subscription = currentSubscription(items);
  const invoiceUrl = subscription?.additionalStripeInfo?.latestInvoice?.hostedInvoiceUrl ?? null;
  // Issue 22: Stripe's retry schedule, not the period end (a failed renewal has already moved it on).
  const nextRetry = subscription?.additionalStripeInfo?.latestInvoice?.nextPaymentAttemptTimestamp;
  const showIneligible = seatPricingIneligibleVisible({
    queryParameterSet: searchParams.has(SEAT_PRICING_INELIGIBILITY_PARAM),
    userLoaded: true,
    isGmailUser: isGmailAddress(user.userEmail),
  });
  if (kind === null && !showIneligible) return null;

  return (
    <Stack gap="sm" mb="md">
      {kind === 'payment-failed' && subscription && (
        <Warning title={PAYMENT_FAILED_TITLE}>
          <Text size="sm">
            {paymentFailedText(
              nextRetry === null || nextRetry === undefined ? null : formatLongDate(nextRetry),
            )}
          </Text>
          <PaymentLinks
            invoiceUrl={invoiceUrl}
            billingPath={`${prefix}/space/billing`}
            label="Pay the invoice"
          />
        </Warning>
      )}
      {kind === 'payment-confirmation-needed' && (
        <Warning title={PAYMENT_CONFIRMATION_NEEDED_TITLE}>
          <Text size="sm">Your bank asks you to confirm the payment.</Text>
          <PaymentLinks
            invoiceUrl={invoiceUrl}
            billingPath={`${prefix}/space/billing`}
            label="Confirm the payment"
          />
        </Warning>
      )}
      {kind === 'all-payments-failed' && (
        <Warning title={ALL_PAYMENTS_FAILED_TITLE}>
          <Text size="sm">Your subscription has been canceled.</Text>
        </Warning>
      )}
      {showIneligible && (
        <Warning title={seatPricingIneligibleTitle(user.domain.domainName)}>
          <Anchor href={SUPPORT_REQUEST_URL} target="_blank" rel="noreferrer" size="sm">
            Contact support
          </Anchor>
        </Warning>
      )}
    </Stack>
  );
}

function Warning({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert role="alert" color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title={title}>
      <Stack gap={4} align="flex-start">
        {children}
      </Stack>
    </Alert>
  );
}

function PaymentLinks({
  invoiceUrl,
  billingPath,
  label,
}: {
  invoiceUrl: string | null;
  billingPath: string;
  label: string;
}) {
  return invoiceUrl ? (
    <Anchor href={invoiceUrl} size="sm" fw={500}>
      {label}
    </Anchor>
  ) : (
    <Anchor component={Link} to={billingPath} size="sm" fw={500}>
      Go to billing
    </Anchor>
  );
}
