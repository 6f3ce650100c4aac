import { List, Stack, Text } from '@mantine/core';

/**
 * A summary's list of the users a change affects ('Made paid now', 'Made free at the renewal'),
 * titled with their count and named by its title; long addresses wrap.
 */
export function UserEmailList({ title, emails }: { title: string; emails: readonly string[] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title} ({emails.length})
      </Text>
      <List size="sm" aria-label={title}>
        {emails.map((email) => (
          <List.Item key={email} style={{ overflowWrap: 'anywhere' }}>
            {email}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
