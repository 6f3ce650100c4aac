import { Group, Loader, Paper, Text } from '@mantine/core';
import { useSession } from '../lib/session-context';

export const RECONNECTING_TEXT = 'Connection lost. Reconnecting…';

/**
 * Tells the person that the app is reconnecting while the session cannot reach the server
 * (issue 6). The live region is always in the page, so screen readers announce the change; the
 * person stays signed in and the page stays usable.
 */
export function ConnectionNotice() {
  const { connection } = useSession();
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 400 }}
    >
      {connection === 'reconnecting' && (
        <Paper withBorder shadow="md" radius="md" px="md" py="xs">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{RECONNECTING_TEXT}</Text>
          </Group>
        </Paper>
      )}
    </div>
  );
}
