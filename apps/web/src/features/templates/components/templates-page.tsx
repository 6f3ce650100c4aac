import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

/** Placeholder: the templates gallery (spec 002 §2.6) is built by a later issue. */
export function TemplatesPage() {
  usePageTitle('Templates');
  return (
    <Stack gap="lg">
      <Title order={1}>Templates</Title>
    </Stack>
  );
}
