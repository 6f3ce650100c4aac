import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { GmailConnectLink } from '../../../components/gmail-connect-link';
import { GMAIL_TEXTS } from '../../../lib/gmail-connect';
import { useGmailConnection } from '../../../lib/gmail-connection';

/**
 * The space shell's banner while the signed-in user's Gmail grant is revoked (issue 24): their
 * merges wait until they reconnect. A grant never given (NOT_CONNECTED) says nothing here: most
 * people send through the add-on and never need one.
 */
export function GmailRevokedBanner() {
  const connection = useGmailConnection();
  if (connection.data?.status !== 'REVOKED') return null;
  return (
    <Alert color="yellow" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} mb="md">
      <Stack gap={4} align="flex-start">
        <Text size="sm">{GMAIL_TEXTS.mergesPaused}</Text>
        <GmailConnectLink />
      </Stack>
    </Alert>
  );
}
