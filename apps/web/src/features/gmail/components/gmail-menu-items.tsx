import { Menu, Text } from '@mantine/core';
import { IconBrandGmail } from '@tabler/icons-react';
import { useGmailConnectHref } from '../../../components/gmail-connect-link';
import { GMAIL_TEXTS } from '../../../lib/gmail-connect';
import { useGmailConnection } from '../../../lib/gmail-connection';

/**
 * The account menu's Gmail entry (issue 24): whom MergeDesk sends as — 'Connected as {email}' and
 * 'Disconnect', or 'Connect Gmail' / 'Reconnect Gmail', links to Google's consent that come back
 * here. Nothing while the grant is unknown (loading, or its request failed).
 */
export function GmailMenuItems({ onDisconnect }: { onDisconnect: () => void }) {
  const connection = useGmailConnection();
  const connectHref = useGmailConnectHref();
  const data = connection.data;
  if (data === undefined) return null;
  return (
    <>
      <Menu.Label>Gmail</Menu.Label>
      {data.status === 'CONNECTED' ? (
        <>
          <Text size="sm" px="sm" pb={4} truncate="end" title={data.email ?? undefined}>
            {GMAIL_TEXTS.connected(data.email ?? '')}
          </Text>
          <Menu.Item onClick={onDisconnect} aria-label="Disconnect Gmail">
            Disconnect
          </Menu.Item>
        </>
      ) : (
        <Menu.Item component="a" href={connectHref} leftSection={<IconBrandGmail size={16} aria-hidden />}>
          {data.status === 'REVOKED' ? GMAIL_TEXTS.reconnect : GMAIL_TEXTS.connect}
        </Menu.Item>
      )}
      <Menu.Divider />
    </>
  );
}
