import { Badge, Button, Card, Group, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type {
  CheckoutUser,
  CheckoutUsersResponse,
  PaymentPreviewRequest,
} from '@mergedesk/domain/api/billing';
import type { CheckoutTarget } from '@mergedesk/domain/billing/checkout-query';
import { checkoutTargetQuery } from '@mergedesk/domain/billing/checkout-query';
import { formatMoney } from '@mergedesk/domain/billing/display';
import type { LegacyModelFlowType } from '@mergedesk/domain/billing/flows';
import { legacyModelFlowSteps, optionsButtonLabel, optionsNextStep } from '@mergedesk/domain/billing/flows';
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
  selectionByEmail,
  selectionUserPlans,
} from '@mergedesk/domain/billing/legacy-selection';
import { roleLabel } from '@mergedesk/domain/members/messages';
import { usePageTitle } from '../../../../lib/page-title';
import { useCheckoutPreview } from '../../api/get-checkout-preview';
import { saveCheckoutUsers } from '../../../../lib/checkout-users-storage';
import { previewProrationText } from '../../lib/proration';
import { useCheckoutSelection } from '../../lib/use-checkout-selection';
import { CheckoutErrorAlert } from './checkout-error-alert';
import { CheckoutHeader } from './checkout-header';
import { PriceRegion } from './price-region';

export type OptionsPageProps = {
  workspaceId: string;
  workspaceName: string;
  /** {prefix}/checkout */
  checkoutPath: string;
  billingPath: string;
  flowType: LegacyModelFlowType;
  target: CheckoutTarget;
  checkoutUsers: CheckoutUsersResponse;
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
  const navigate = useNavigate();
  const users = listedCheckoutUsers(checkoutUsers.items);
  const [selection, setSelection] = useCheckoutSelection(workspaceId, checkoutUsers.items);
  const [nextError, setNextError] = useState<string | null>(null);
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
  const preview = useCheckoutPreview(workspaceId, paid > 0 ? request : null, props.pricing.prorated, 'v1');

  const next = (replace = false) => {
    setNextError(null);
    const paidEmails = users.filter((user) => selection[user.id] === true).map((user) => user.email);
    if (cannotDowngrade({ targetPlan: target.plan, ownerEmail: checkoutUsers.ownerEmail, paidEmails })) {
      void navigate(`${props.checkoutPath}/cannot-downgrade`, { replace });
      return;
    }
    saveCheckoutUsers(workspaceId, selectionByEmail(users, selection));
    const step = optionsNextStep(flowType);
    if (step === 'server-error') {
      setNextError(LEGACY_CHECKOUT_MESSAGES.OPTIONS_ERROR);
      return;
    }
    void navigate(`${props.checkoutPath}/${step}?${checkoutTargetQuery(target)}`, { replace });
  };

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
      <Card withBorder padding={0} radius="md">
        <Table verticalSpacing="sm" horizontalSpacing="md" captionSide="top">
          <Table.Caption style={{ textAlign: 'start', padding: '0.75rem 1rem 0' }}>Users</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">User</Table.Th>
              <Table.Th scope="col">Licence</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => {
              const restriction = paidRadioRestriction(user, selection, limit);
              const isOwner = user.role === 'OWNER';
              return (
                <Table.Tr key={user.id}>
                  <Table.Td>
                    <UserCell user={user} />
                  </Table.Td>
                  <Table.Td>
                    {!isChoosableCheckoutUser(user) ? (
                      <Text size="sm" c="dimmed">
                        Free from the renewal
                      </Text>
                    ) : (
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
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Card>
      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="options-total-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="options-total-title">
            Total
          </Title>
          <Text size="sm">
            {plural(paid, 'paid user')} · {plural(users.length - paid, 'free user')}
            {limit !== -1 && ` (at most ${limit} paid)`}
          </Text>
          <PriceRegion query={preview}>
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

/** Name, e-mail and role of a checkout user; the e-mail wraps on small screens. */
export function UserCell({ user }: { user: CheckoutUser }) {
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          {user.name.trim() || user.email}
        </Text>
        {user.role !== 'MEMBER' && (
          <Badge size="sm" variant="light">
            {roleLabel(user.role, true)}
          </Badge>
        )}
        {user.isTrial && (
          <Badge size="sm" variant="light" color="grape">
            Trial
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {user.email}
      </Text>
    </Stack>
  );
}
