import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { ConnectionNotice } from '../components/connection-notice';
import { ConsentPrompt } from '../components/consent-prompt';
import { WhoopsPage } from '../components/full-page-states/whoops-page';
import { usePageViews } from '../lib/analytics';
import { areCookiesEnabled } from '../lib/cookies';
import { useSession } from '../lib/session-context';
import { useCurrentUser } from '../features/users/api/get-current-user';

/** Pages a recipient opens from an e-mail: they work without cookies and without an account. */
const PUBLIC_RESULT_PATHS = ['/unsubscribed', '/formresponse'];

/** The root route: the cookie check (Whoops page), page views, and the page. */
export function RootLayout() {
  const location = useLocation();
  const { status } = useSession();
  const isSignedIn = status === 'signedIn';
  const user = useCurrentUser({ enabled: isSignedIn });
  const [cookiesEnabled] = useState(areCookiesEnabled);
  usePageViews({ isSignedIn, spaces: isSignedIn ? user.data?.userWorkspaces : undefined });

  if (!cookiesEnabled && !PUBLIC_RESULT_PATHS.includes(location.pathname)) return <WhoopsPage />;
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <ConnectionNotice />
      {/* Issue 21: analytics wait for a choice (spec 000 §7); asked once signed in. */}
      {isSignedIn && <ConsentPrompt />}
    </>
  );
}
