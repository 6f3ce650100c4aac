import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

/** Placeholder: the bounces page (spec 002 §2.4) is built by a later issue. */
export function BouncesPage() {
  usePageTitle('Bounces');
  return (
    <Stack gap="lg">
      <Title order={1}>Bounces</Title>
    </Stack>
  );
}
