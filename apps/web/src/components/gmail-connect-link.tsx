import { Anchor, Button } from '@mantine/core';
import { useLocation } from 'react-router';
import { GMAIL_TEXTS, gmailConnectUrl, gmailReturnPath } from '../lib/gmail-connect';

export type GmailConnectLinkProps = {
  /** 'Reconnect Gmail' (a revoked grant) or 'Connect Gmail' (none yet). */
  label?: string;
  /** A button-looking link (the account menu) or an inline link (an alert). */
  variant?: 'button' | 'link';
};

/**
 * The link to Google's consent for sending (issue 24), coming back to the page it was followed
 * from. An `<a href>` to the API, not a router link: the round trip leaves the app.
 */
export function GmailConnectLink({ label = GMAIL_TEXTS.reconnect, variant = 'link' }: GmailConnectLinkProps) {
  const href = useGmailConnectHref();
  if (variant === 'button') {
    return (
      <Button component="a" href={href} size="xs" variant="light">
        {label}
      </Button>
    );
  }
  return (
    <Anchor href={href} size="sm" fw={500}>
      {label}
    </Anchor>
  );
}

/** The address of the consent round trip from this page (for a menu item that is a link). */
export const useGmailConnectHref = (): string => gmailConnectUrl(gmailReturnPath(useLocation()));
