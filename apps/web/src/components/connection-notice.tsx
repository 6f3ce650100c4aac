import { Group, Loader, Paper, Text } from '@mantine/core';
import { useSession } from '../lib/session-context';

const RECONNECTING_TEXT = 'Connection lost. Reconnecting…';

/**
 * Tells the person that the app is reconnecting while the session cannot reach the server
 * (issue 6), as a polite status message; the person stays signed in and the page stays usable.
 */
export function ConnectionNotice() {
  const { connection } = useSession();
  if (connection !== 'reconnecting') return null;
  return (
    <Paper
      role="status"
      aria-live="polite"
      withBorder
      shadow="md"
      radius="md"
      px="md"
      py="xs"
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 400 }}
    >
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{RECONNECTING_TEXT}</Text>
      </Group>
    </Paper>
  );
}
