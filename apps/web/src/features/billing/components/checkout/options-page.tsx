import { Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { PaymentPreviewRequest } from '@mergedesk/domain/api/billing';
import { formatMoney } from '@mergedesk/domain/billing/display';
import { legacyModelFlowSteps, optionsButtonLabel } from '@mergedesk/domain/billing/flows';
import {
  cannotDowngrade,
  isOwnerRadioDisabled,
  LEGACY_CHECKOUT_MESSAGES,
  paidCount,
  paidRadioRestriction,
  paidRestrictionMessage,
  setUserPaid,
  shouldAutoSubmitOptions,
} from '@mergedesk/domain/billing/legacy-checkout';
import {
  isChoosableCheckoutUser,
  listedCheckoutUsers,
  selectionUserPlans,
} from '@mergedesk/domain/billing/legacy-selection';
import { usePageTitle } from '../../../../lib/page-title';
import { useCheckoutPreview } from '../../api/get-checkout-preview';
import { previewProrationText } from '../../lib/proration';
import { useCheckoutSelection } from '../../lib/use-checkout-selection';
import { usePaidUsersNext, type PaidUsersStepProps } from '../../lib/use-paid-users-next';
import { CheckoutErrorAlert } from './checkout-error-alert';
import { CheckoutHeader } from './checkout-header';
import { CheckoutUsersTable } from './checkout-users-table';
import { PriceRegion } from './price-region';

export type OptionsPageProps = PaidUsersStepProps & {
  /** The running subscription's country and purchase type, for the price (US/B2C without one). */
  pricing: { country: string; purchaseType: 'B2B' | 'B2C'; prorated: boolean };
};

const PERIOD = { YEARLY: 'year', MONTHLY: 'month' } as const;

/**
 * /checkout/options, "Billing options" of the per-user model (spec 001 §2, §4): every user with a
 * Paid / Free choice. A free user's Paid is disabled once the plan's paid-user limit is reached or
 * when they are paid in another space (the reason shows under it); the owner's Free is disabled
 * while the owner is the only paid user; making the last paid user free makes the owner paid. The
 * totals and the price follow the choice. Next goes to the cannot-downgrade page when Pro would
 * have paid users of several domains, else to the flow's next step. With one user only, the step
 * submits itself.
 */
export function OptionsPage(props: OptionsPageProps) {
  const { workspaceId, checkoutUsers, target, flowType } = props;
  usePageTitle('Billing options');
  const users = listedCheckoutUsers(checkoutUsers.items);
  const [selection, setSelection] = useCheckoutSelection(workspaceId, checkoutUsers.items);
  const { next, nextError } = usePaidUsersNext({ ...props, users, selection });
  const limit = checkoutUsers.paidUserLimit;
  const paid = paidCount(selection);
  // The UPGRADE flow's only step is the review (§2): its options page shows no step indicator.
  const flowSteps = legacyModelFlowSteps(flowType, users.length);
  const steps = flowSteps.includes('Billing options') ? flowSteps : [];

  const request: PaymentPreviewRequest = {
    country: props.pricing.country,
    purchaseType: props.pricing.purchaseType,
    billingInterval: target.interval,
    workspacePlan: target.plan,
    userUpdates: selectionUserPlans(users, selection, props.pricing.prorated),
  };
  // Issue 22: a choice the server is sure to refuse is not priced — nobody paid, or paid users of
  // several domains on Pro (Next leads to the cannot-downgrade page): the region says why instead
  // of 'The price could not be loaded.'.
  const crossesDomains = cannotDowngrade({
    targetPlan: target.plan,
    ownerEmail: checkoutUsers.ownerEmail,
    paidEmails: users.filter((user) => selection[user.id] === true).map((user) => user.email),
  });
  const priceable = paid > 0 && !crossesDomains;
  const preview = useCheckoutPreview(workspaceId, priceable ? request : null, props.pricing.prorated, 'v1');

  // Spec 001 §4: with only one available user there is nothing to choose.
  const autoSubmitted = useRef(false);
  useEffect(() => {
    if (autoSubmitted.current || !shouldAutoSubmitOptions(checkoutUsers.items)) return;
    autoSubmitted.current = true;
    next(true);
  });

  const ownerFreeDisabled = isOwnerRadioDisabled(users, selection);

  return (
    <Stack gap="lg">
      <CheckoutHeader steps={steps} current={steps.indexOf('Billing options')} backTo={props.billingPath} />
      <Title order={1}>Billing options</Title>
      <CheckoutErrorAlert title={nextError} />
      <Text>
        Choose who gets a paid {target.plan === 'PREMIUM' ? 'Premium' : 'Pro'} licence in{' '}
        {props.workspaceName}. Free users keep the free plan&apos;s limits.
      </Text>
      <CheckoutUsersTable
        users={users}
        choiceHeader="Licence"
        renderChoice={(user) => {
          if (!isChoosableCheckoutUser(user)) {
            return (
              <Text size="sm" c="dimmed">
                Free from the renewal
              </Text>
            );
          }
          const restriction = paidRadioRestriction(user, selection, limit);
          const isOwner = user.role === 'OWNER';
          return (
            <Radio.Group
              value={selection[user.id] === true ? 'paid' : 'free'}
              onChange={(value) =>
                setSelection((current) => setUserPaid(users, current, user.id, value === 'paid'))
              }
            >
              <Group
                gap="md"
                wrap="nowrap"
                align="flex-start"
                role="radiogroup"
                aria-label={`Licence of ${user.email}`}
              >
                <Radio
                  value="paid"
                  label="Paid"
                  disabled={restriction !== null}
                  description={restriction && paidRestrictionMessage(restriction, limit)}
                />
                <Radio
                  value="free"
                  label="Free"
                  disabled={isOwner && ownerFreeDisabled}
                  description={
                    isOwner && ownerFreeDisabled ? LEGACY_CHECKOUT_MESSAGES.NO_PAID_USER : undefined
                  }
                />
              </Group>
            </Radio.Group>
          );
        }}
      />
      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="options-total-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="options-total-title">
            Total
          </Title>
          <Text size="sm">
            {plural(paid, 'paid user')} · {plural(users.length - paid, 'free user')}
            {limit !== -1 && ` (at most ${limit} paid)`}
          </Text>
          {crossesDomains && <Text size="sm">{LEGACY_CHECKOUT_MESSAGES.CANNOT_DOWNGRADE_TEXT}</Text>}
          <PriceRegion query={preview} idle={!priceable}>
            {(info) => (
              <Stack gap={4}>
                <Text fw={700}>
                  {formatMoney(info.totalAmount, info.currency)} per {PERIOD[target.interval]}
                </Text>
                {props.pricing.prorated && (
                  <Text size="sm">
                    {previewProrationText(info, {
                      currentInterval: info.currentBillingInterval ?? target.interval,
                      targetInterval: target.interval,
                    })}
                  </Text>
                )}
              </Stack>
            )}
          </PriceRegion>
          <Button onClick={() => next()} disabled={paid === 0} style={{ alignSelf: 'flex-start' }}>
            {optionsButtonLabel(flowType)}
          </Button>
        </Stack>
      </Card>
    </Stack>
  );
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
