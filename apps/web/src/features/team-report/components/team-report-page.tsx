import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

/** Placeholder: the team report (spec 002 §2.5) is built by a later issue. */
export function TeamReportPage() {
  usePageTitle('Team report');
  return (
    <Stack gap="lg">
      <Title order={1}>Team report</Title>
    </Stack>
  );
}
