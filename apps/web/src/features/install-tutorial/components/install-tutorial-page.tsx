import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

/** Placeholder: the install tutorial (spec 002 §2.12) is built by a later issue. */
export function InstallTutorialPage() {
  usePageTitle('Get started');
  return (
    <Stack gap="lg">
      <Title order={1}>Get started</Title>
    </Stack>
  );
}
