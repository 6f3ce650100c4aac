import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LEGACY_CHECKOUT_MESSAGES } from '@mergedesk/domain/billing/legacy-checkout';
import { usePageTitle } from '../../../../lib/page-title';
import { CheckoutHeader } from './checkout-header';

/**
 * The heading and the way out are ours (docs/decisions/262-cannot-downgrade-page.md); the two
 * sentences are the spec's.
 */
const TITLE = 'You cannot switch to the Pro plan';
const WHAT_TO_DO =
  'Make the users of other domains free, or remove them from the space, then come back to change your plan.';

export type CannotDowngradePageProps = {
  /** The space's users page, where the users of other domains can be made free or removed. */
  usersPath: string;
  billingPath: string;
};

/**
 * /checkout/cannot-downgrade (spec 001 §2, §4 "On a PRO plan, if paid users would span multiple
 * domains, go to cannot-downgrade"): the two sentences of the spec, then where to go from here
 * (ours): the users page to change those users, or billing. Back goes back in history (§2).
 */
export function CannotDowngradePage({ usersPath, billingPath }: CannotDowngradePageProps) {
  usePageTitle(TITLE);
  return (
    <Stack gap="lg" maw={640}>
      <CheckoutHeader steps={[]} current={0} backTo={-1} />
      <Title order={1}>{TITLE}</Title>
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />}>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {LEGACY_CHECKOUT_MESSAGES.CANNOT_DOWNGRADE_TITLE}
          </Text>
          <Text size="sm">{LEGACY_CHECKOUT_MESSAGES.CANNOT_DOWNGRADE_TEXT}</Text>
        </Stack>
      </Alert>
      <Text size="sm">{WHAT_TO_DO}</Text>
      <Group gap="sm">
        <Button component={Link} to={usersPath}>
          Manage users
        </Button>
        <Button component={Link} to={billingPath} variant="default">
          Back to billing
        </Button>
      </Group>
    </Stack>
  );
}
