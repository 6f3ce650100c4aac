import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { DISABLED_ACCOUNT_MESSAGE } from '@mergedesk/domain/shell/space-navigation';
import { usePageTitle } from '../../lib/page-title';

/** Spec 000 §2: what a member whose status is DISABLED sees at {prefix}/disabled. */
export function DisabledPage() {
  usePageTitle('Account disabled');
  return (
    <Stack align="center" gap="md" py="xl" maw={520} mx="auto" ta="center">
      <ThemeIcon size={56} radius="xl" variant="light" color="gray">
        <IconLock size={28} aria-hidden />
      </ThemeIcon>
      <Title order={1} size="h3">
        Account disabled
      </Title>
      <Text>{DISABLED_ACCOUNT_MESSAGE}</Text>
    </Stack>
  );
}
