import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

/** Placeholder: the sent and scheduled mail merges (spec 002 §2.2) are built by a later issue. */
export function MailMergesPage() {
  usePageTitle('Mail merges');
  return (
    <Stack gap="lg">
      <Title order={1}>Mail merges</Title>
    </Stack>
  );
}
