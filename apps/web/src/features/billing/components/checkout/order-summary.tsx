import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PaymentPreviewRequest } from '@mergedesk/domain/api/billing';
import { formatMoney } from '@mergedesk/domain/billing/display';
import { creditAppliedText } from '@mergedesk/domain/billing/legacy-credit';
import type { BillingInterval } from '@mergedesk/domain/billing/prices';
import { showsTaxes, TAXES_INCLUDED_NOTICE } from '@mergedesk/domain/billing/tax';
import type { BillingModelVersion } from '../../api/get-checkout-preview';
import { useCheckoutPreview } from '../../api/get-checkout-preview';
import { PriceRegion } from './price-region';

export type OrderSummaryProps = {
  workspaceId: string;
  request: PaymentPreviewRequest | null;
  /** v2 per seat, v1 per user (legacy model). */
  version: BillingModelVersion;
  /** What is bought, e.g. '3 Pro seats', 'Pro (Personal)', '4 Pro users'. */
  item: string;
  interval: BillingInterval;
  action: ReactNode;
};

const BILLED = { YEARLY: 'Billed annually', MONTHLY: 'Billed monthly' } as const;
const PERIOD = { YEARLY: 'year', MONTHLY: 'month' } as const;

/**
 * The sidebar summary of the checkout (spec 001 §2): what is bought and what it costs, priced by
 * the server's preview (the provider computes tax for the country), with the step's button.
 */
export function OrderSummary({ workspaceId, request, version, item, interval, action }: OrderSummaryProps) {
  const preview = useCheckoutPreview(workspaceId, request, false, version);
  return (
    <Card withBorder padding="lg" radius="md" component="aside" aria-labelledby="order-summary-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="order-summary-title">
          Summary
        </Title>
        <Group justify="space-between">
          <Text size="sm">{item}</Text>
          <Text size="sm" c="dimmed">
            {BILLED[interval]}
          </Text>
        </Group>
        <Divider />
        <PriceRegion query={preview}>
          {(info) => (
            <Stack gap={4}>
              {showsTaxes(info.currency) && (
                <Group justify="space-between">
                  <Text size="sm">Tax ({info.taxRate} %)</Text>
                  <Text size="sm">{info.taxRate > 0 ? 'included' : 'reverse charge'}</Text>
                </Group>
              )}
              <Group justify="space-between">
                <Text fw={700}>Total due today</Text>
                <Text fw={700}>{formatMoney(info.chargedToday, info.currency)}</Text>
              </Group>
              {(info.creditApplied ?? 0) > 0 && (
                // Issue 22: Stripe takes the space's credit balance off this first invoice.
                <Text size="sm">
                  {creditAppliedText(formatMoney(info.creditApplied ?? 0, info.currency))}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                Then {formatMoney(info.totalAmount, info.currency)} per {PERIOD[interval]}.
                {showsTaxes(info.currency) ? ` ${TAXES_INCLUDED_NOTICE}` : ''}
              </Text>
            </Stack>
          )}
        </PriceRegion>
        {action}
      </Stack>
    </Card>
  );
}
