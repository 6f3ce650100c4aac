import { Button, Card, Modal, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PaymentPreviewRequest, SubscriptionV1 } from '@mergedesk/domain/api/billing';
import { formatMoney } from '@mergedesk/domain/billing/display';
import { addSeatsRange, PER_SEAT_FLOW_STEPS, seatQuantityError } from '@mergedesk/domain/billing/flows';
import { trackEvent } from '../../../../lib/analytics';
import { usePageTitle } from '../../../../lib/page-title';
import { queryKeys } from '../../../../lib/query-keys';
import { getPaymentIntent, useAddSeats } from '../../api/add-seats';
import { useCheckoutPreview } from '../../api/get-checkout-preview';
import { getSubscriptions } from '../../api/get-subscriptions';
import { previewProrationText } from '../../lib/proration';
import { refusalMessage } from '../../../../lib/refusal-message';
import { CheckoutActions } from './checkout-actions';
import { CheckoutHeader } from './checkout-header';
import { CheckoutErrorAlert } from './checkout-error-alert';
import { CHECKOUT_SUBMIT_ERROR } from './information-page';
import { PriceRegion } from './price-region';
import { MoreSeatsAlert, SeatQuantityInput } from './seat-quantity-input';

/** The payment of the seats was not confirmed by Stripe, so none were added (issue 22; ours). */
export const SEATS_NOT_PAID = 'The payment was not confirmed: no seats were added.';

/** Spec 001 §9: after a card confirmation wait 2000 ms, refetch, then once more. */
const CONFIRMATION_WAIT_MS = 2000;
const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

export type AddSeatsPageProps = {
  prefix: string;
  workspaceId: string;
  subscription: SubscriptionV1;
  refreshSpace: () => Promise<void>;
};

type Challenge = { url: string | null; seatsToAdd: number; before: number };

/**
 * /checkout/add-seats (spec 001 §2 "Add seats page", §4 "Add seats"): the current seats, how many to
 * add (1 to the seats left), the live prorated price and 'Add N seats'. A card that needs 3-D
 * Secure is confirmed on the bank's page (opened from the dialog by the person), then the
 * subscription is refetched after 2 s, and once more after 2 s if the seats have not increased.
 */
export function AddSeatsPage({ prefix, workspaceId, subscription, refreshSpace }: AddSeatsPageProps) {
  usePageTitle('Add seats');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { workspaceId, subscriptionId: subscription.subscriptionId };
  const total = subscription.seatInfo.totalSeats ?? 0;
  const range = addSeatsRange(total);
  const [typed, setTyped] = useState('1');
  const value = typed === '' ? Number.NaN : Number(typed);
  const error = seatQuantityError(value, range.min, range.max);
  const seatsToAdd = error === null ? value : null;
  const [debounced] = useDebouncedValue(seatsToAdd, 300);
  const addSeats = useAddSeats(ids);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [confirming, setConfirming] = useState(false);
  const billingPath = `${prefix}/space/billing`;
  const userPlan = subscription.subscriptionPaymentPlans?.[0]?.userPlanType ?? 'PRO';

  const previewRequest: PaymentPreviewRequest | null =
    debounced === null || (subscription.workspacePlan !== 'PRO' && subscription.workspacePlan !== 'PREMIUM')
      ? null
      : {
          country: subscription.country,
          purchaseType: subscription.purchaseType,
          billingInterval: subscription.billingInterval,
          workspacePlan: subscription.workspacePlan,
          // The preview describes the subscription after the change: the new seat total.
          seatPlans: [{ userPlan, quantity: total + debounced }],
        };
  const preview = useCheckoutPreview(workspaceId, previewRequest, true);

  const fail = (reason: unknown) => {
    // Spec 001 §8 "Seat errors: scroll to top, report the error, send an analytics event"; the
    // server's reason when it refused (issue 22).
    setSubmitError(refusalMessage(reason, CHECKOUT_SUBMIT_ERROR));
    window.scrollTo({ top: 0 });
    trackEvent({
      event_type: 'webapp_error',
      space_id: workspaceId,
      message: `add seats: ${reason instanceof Error ? reason.message : String(reason)}`,
    });
  };

  const refetchSeats = async (): Promise<number> => {
    const items = await queryClient.fetchQuery({
      queryKey: queryKeys.billing.subscriptions(workspaceId),
      queryFn: () => getSubscriptions(workspaceId),
      staleTime: 0,
    });
    const current = items.find((item) => item.subscriptionId === subscription.subscriptionId);
    return current?.seatInfo.totalSeats ?? 0;
  };

  const finish = async (added: number) => {
    await Promise.all([
      refreshSpace(),
      queryClient.invalidateQueries({ queryKey: queryKeys.billing.all(workspaceId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.seats(workspaceId) }),
    ]);
    await navigate(`${billingPath}?checkout=success&seatsAdded=${added}`);
  };

  const submit = async () => {
    if (seatsToAdd === null) return;
    setSubmitError(null);
    try {
      // The total shown: a second click after the first one's seats are in is refused (issue 22).
      const result = await addSeats.mutateAsync({
        seatPlans: [{ userPlan, quantity: seatsToAdd }],
        fromSeats: total,
      });
      if (result.latestInvoice?.paymentIntent?.status === 'requires_action') {
        const intent = await getPaymentIntent(ids);
        setChallenge({ url: intent.nextActionUrl, seatsToAdd, before: total });
        return;
      }
      await refetchSeats();
      // Success only once Stripe has the seats paid (issue 22): a declined payment adds nothing.
      if (result.totalSeats < result.requestedSeats) {
        setSubmitError(SEATS_NOT_PAID);
        window.scrollTo({ top: 0 });
        return;
      }
      await finish(seatsToAdd);
    } catch (reason) {
      fail(reason);
    }
  };

  /** After the bank's page: wait 2 s, refetch, and once more after 2 s if the seats did not grow. */
  const confirmed = async () => {
    if (!challenge) return;
    setConfirming(true);
    try {
      await wait(CONFIRMATION_WAIT_MS);
      let seats = await refetchSeats();
      if (seats <= challenge.before) {
        await wait(CONFIRMATION_WAIT_MS);
        seats = await refetchSeats();
      }
      setChallenge(null);
      // A failed or abandoned 3-D Secure step adds nothing: no success banner (issue 22). Paid
      // seats whose webhook is still on its way are granted by it.
      const paid =
        seats > challenge.before ||
        (await getPaymentIntent(ids).then((intent) => intent.status)) === 'succeeded';
      if (!paid) {
        setSubmitError(SEATS_NOT_PAID);
        window.scrollTo({ top: 0 });
        return;
      }
      await finish(challenge.seatsToAdd);
    } catch (reason) {
      setChallenge(null);
      fail(reason);
    } finally {
      setConfirming(false);
    }
  };

  const interval = subscription.billingInterval;
  return (
    <Stack gap="lg" maw={640}>
      <CheckoutHeader steps={PER_SEAT_FLOW_STEPS.ADDITIONAL_SEATS} current={0} backTo={billingPath} />
      <Title order={1}>Add seats</Title>
      <CheckoutErrorAlert title={submitError} />
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Text>
            Your subscription has <strong>{total}</strong> seat{total === 1 ? '' : 's'}.
          </Text>
          <SeatQuantityInput
            label="Seats to add"
            value={typed}
            onChange={setTyped}
            min={range.min}
            max={range.max}
            error={range.max < range.min ? null : error}
          />
          {(seatsToAdd === range.max || range.max < range.min) && <MoreSeatsAlert />}
          <PriceRegion query={preview} idle={seatsToAdd === null} skeletonHeight={20}>
            {(info) => (
              <Text size="sm">
                {previewProrationText(info, { currentInterval: interval, targetInterval: interval })} Then{' '}
                {formatMoney(info.totalAmount, info.currency)} per {interval === 'YEARLY' ? 'year' : 'month'}{' '}
                for {total + (seatsToAdd ?? 0)} seats.
              </Text>
            )}
          </PriceRegion>
          <CheckoutActions cancelTo={billingPath}>
            <Button onClick={() => void submit()} disabled={seatsToAdd === null} loading={addSeats.isPending}>
              {seatsToAdd === null ? 'Add seats' : `Add ${seatsToAdd} seat${seatsToAdd === 1 ? '' : 's'}`}
            </Button>
          </CheckoutActions>
        </Stack>
      </Card>
      <Modal
        opened={challenge !== null}
        onClose={() => void confirmed()}
        title="Confirm your payment"
        closeOnClickOutside={false}
      >
        <Stack gap="md">
          <Text size="sm">
            Your bank asks you to confirm this payment. Open the confirmation page, follow its steps, then
            come back here.
          </Text>
          {challenge?.url && (
            <Button
              component="a"
              href={challenge.url}
              target="_blank"
              rel="noopener"
              variant="light"
              rightSection={<IconExternalLink size={16} aria-hidden />}
            >
              Open the confirmation page
            </Button>
          )}
          <Button onClick={() => void confirmed()} loading={confirming}>
            I have confirmed the payment
          </Button>
        </Stack>
      </Modal>
    </Stack>
  );
}
