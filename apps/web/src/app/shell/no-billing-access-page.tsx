import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

/** Ours (issue 21): the page title and heading of billing for someone who may not see it. */
const NO_BILLING_ACCESS_TITLE = 'Billing is managed by the space owner';
const noBillingAccessText = (spaceName: string): string =>
  `Only the owner of ${spaceName} can see and change its billing. Ask them if the space needs more seats or another plan.`;

/**
 * {prefix}/space/billing (and /settings/billing, which lands there) for someone without billing
 * access where the spec's fallback, general settings, is closed too — an admin of a per-seat space
 * (spec 000 §6 "in per-seat spaces only OWNER"). Before, the page bounced through general to the
 * home page without a word (issue 21).
 */
export function NoBillingAccessPage({ spaceName, prefix }: { spaceName: string; prefix: string }) {
  usePageTitle('Billing');
  return (
    <Stack align="center" gap="md" py="xl" maw={520} mx="auto" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        <IconLock size={28} aria-hidden />
      </ThemeIcon>
      <Title order={1} size="h3">
        {NO_BILLING_ACCESS_TITLE}
      </Title>
      <Text>{noBillingAccessText(spaceName)}</Text>
      <Anchor component={Link} to={`${prefix}/mail-merges/sent`}>
        Go to your mail merges
      </Anchor>
    </Stack>
  );
}
