import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

/** Placeholder: the general settings (spec 002 §2.9) are built by a later issue. */
export function GeneralSettingsPage() {
  usePageTitle('General');
  return (
    <Stack gap="lg">
      <Title order={1}>General</Title>
    </Stack>
  );
}
