import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { showAlert } from '../../../lib/alerts';
import { GMAIL_RETURN_FLAG, GMAIL_TEXTS, gmailReturnPath } from '../../../lib/gmail-connect';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Back from Google's consent with `?gmail=connected` (gmail.connect's returnTo, issue 24): one
 * success notice, the grant asked for again, and the flag dropped from the address (replaced, so
 * Back and a reload do not show the notice again).
 */
export function useGmailReturnNotice(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const connected =
    new URLSearchParams(location.search).get(GMAIL_RETURN_FLAG.name) === GMAIL_RETURN_FLAG.connected;

  useEffect(() => {
    if (!connected) return;
    // One key per arrival: a second run of this effect for the same address replaces the notice.
    showAlert({
      key: `gmail-connected:${location.key}`,
      kind: 'connect',
      tone: 'success',
      title: GMAIL_TEXTS.connectedNotice,
    });
    void queryClient.invalidateQueries({ queryKey: queryKeys.gmailConnection() });
    void navigate(`${gmailReturnPath(location)}${location.hash}`, {
      replace: true,
      state: location.state as unknown,
    });
  }, [connected, location, navigate, queryClient]);
}
