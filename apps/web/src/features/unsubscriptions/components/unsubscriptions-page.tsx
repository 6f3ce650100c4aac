import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

/** Placeholder: the unsubscriptions page (spec 002 §2.3) is built by a later issue. */
export function UnsubscriptionsPage() {
  usePageTitle('Unsubscriptions');
  return (
    <Stack gap="lg">
      <Title order={1}>Unsubscriptions</Title>
    </Stack>
  );
}
