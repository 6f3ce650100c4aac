import { Badge, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PaymentPlan } from '@mergedesk/domain/api/billing';
import type { PlanCardId } from '@mergedesk/domain/billing/plan-definitions';
import {
  FREE_FEATURES,
  PLAN_DESCRIPTIONS,
  PREMIUM_FEATURES,
  proFeatures,
} from '@mergedesk/domain/billing/plan-definitions';
import { displayedPrice, findPaymentPlan } from '@mergedesk/domain/billing/plan-prices';
import { SPACE_PLAN_LABELS } from '@mergedesk/domain/plans/plans';
import { TAXES_INCLUDED_NOTICE, showsTaxes } from '@mergedesk/domain/billing/tax';
import { RetryAlert } from '../../../components/retry-alert';
import { CONTACT_US_URL } from '../../../lib/product';

export type PlanCardsProps = {
  plans: { data: PaymentPlan[] | undefined; isError: boolean; refetch: () => void; isFetching: boolean };
  currentPlan: PlanCardId | null;
  isGmailUser: boolean;
  /** Spec 001 §2: the Premium card is hidden when the PREMIUM_PLAN restriction is active. */
  showPremium: boolean;
  taxRate: number;
  /** Where each card's upgrade goes; Premium without one offers 'Contact us for Premium'. */
  upgradePaths: UpgradePaths;
};

export type UpgradePaths = { PRO: string | null; PREMIUM: string | null };

/**
 * The plan list of the billing page (spec 001 §2 "Plan definitions"): Free, Pro and Premium with
 * their descriptions, features and prices — the monthly rate of one seat (yearly price / 12) and
 * the annual total, 'per seat' for domain users, taxes only for EUR.
 */
export function PlanCards({
  plans,
  currentPlan,
  isGmailUser,
  showPremium,
  taxRate,
  upgradePaths,
}: PlanCardsProps) {
  if (plans.isError) return <RetryAlert onRetry={plans.refetch} retrying={plans.isFetching} />;
  const cards: PlanCardId[] = ['FREE', 'PRO', ...(showPremium && !isGmailUser ? (['PREMIUM'] as const) : [])];
  const currency = plans.data?.[0]?.currency;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Plans
      </Title>
      <SimpleGrid cols={{ base: 1, sm: cards.length }} spacing="md">
        {cards.map((id) => (
          <PlanCard
            key={id}
            id={id}
            isCurrent={currentPlan === id}
            plans={plans.data}
            isGmailUser={isGmailUser}
            taxRate={taxRate}
            upgradePaths={upgradePaths}
          />
        ))}
      </SimpleGrid>
      {currency && showsTaxes(currency) && (
        <Text size="sm" c="dimmed">
          {TAXES_INCLUDED_NOTICE}
        </Text>
      )}
    </Stack>
  );
}

type PlanCardProps = {
  id: PlanCardId;
  isCurrent: boolean;
  plans: PaymentPlan[] | undefined;
  isGmailUser: boolean;
  taxRate: number;
  upgradePaths: UpgradePaths;
};

function PlanCard({ id, isCurrent, plans, isGmailUser, taxRate, upgradePaths }: PlanCardProps) {
  const name = SPACE_PLAN_LABELS[id];
  const features = id === 'FREE' ? FREE_FEATURES : id === 'PRO' ? proFeatures(isGmailUser) : PREMIUM_FEATURES;
  const headingId = `plan-${id.toLowerCase()}`;
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4" id={headingId}>
            {name}
          </Title>
          {isCurrent && <Badge variant="light">Current plan</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {PLAN_DESCRIPTIONS[id]}
        </Text>
        {id === 'FREE' ? (
          <Text fw={700} size="xl">
            Free
          </Text>
        ) : (
          <PlanPrice plans={plans} workspacePlan={id} isGmailUser={isGmailUser} taxRate={taxRate} />
        )}
        {id !== 'FREE' && (
          <Text size="sm" fw={500}>
            Everything in {id === 'PRO' ? 'Free' : 'Pro'}, plus:
          </Text>
        )}
        <List
          size="sm"
          spacing={4}
          icon={<IconCheck size={16} aria-hidden color="var(--mantine-color-teal-6)" />}
          style={{ flex: 1 }}
        >
          {features.map((feature) => (
            <List.Item key={feature}>{feature}</List.Item>
          ))}
        </List>
        {id === 'PRO' && !isCurrent && upgradePaths.PRO && (
          <Button component={Link} to={upgradePaths.PRO}>
            Upgrade to Pro
          </Button>
        )}
        {id === 'PREMIUM' && !isCurrent && upgradePaths.PREMIUM && (
          <Button component={Link} to={upgradePaths.PREMIUM}>
            Upgrade to Premium
          </Button>
        )}
        {id === 'PREMIUM' && !isCurrent && !upgradePaths.PREMIUM && (
          <Button component="a" href={CONTACT_US_URL} target="_blank" rel="noreferrer" variant="light">
            Contact us for Premium
          </Button>
        )}
      </Stack>
    </Card>
  );
}

function PlanPrice({
  plans,
  workspacePlan,
  isGmailUser,
  taxRate,
}: {
  plans: PaymentPlan[] | undefined;
  workspacePlan: 'PRO' | 'PREMIUM';
  isGmailUser: boolean;
  taxRate: number;
}) {
  if (!plans) return <Skeleton height={48} aria-label={`Loading the ${workspacePlan} price`} />;
  const plan = findPaymentPlan(plans, { workspacePlan, isGmailUser, billingInterval: 'YEARLY' });
  if (!plan) return <Text size="sm">Price not available</Text>;
  const price = displayedPrice({ plan, taxRate });
  return (
    <Stack gap={2}>
      <Text>
        <Text span fw={700} size="xl">
          {price.monthly}
        </Text>{' '}
        <Text span size="sm" c="dimmed">
          / month{isGmailUser ? '' : ' per seat'}
        </Text>
      </Text>
      <Text size="sm" c="dimmed">
        Billed annually: {price.periodTotal}
        {isGmailUser ? '' : ' per seat'}
        {price.taxLabel ? ` (${price.taxLabel})` : ''}
      </Text>
    </Stack>
  );
}
