import { Suspense } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-states/full-page-loader';
import { loginPath } from '../../lib/continue-path';
import { useSession } from '../../lib/session-context';

/**
 * The auth guard (spec 000 §2): signed-out visitors are sent to /login with a continue parameter
 * holding the original path and query; they land back there after signing in.
 */
export function RequireSession() {
  const { status } = useSession();
  const location = useLocation();
  const navigation = useNavigation();
  // Logging out navigates to /login itself; until that page is on screen this one must not add a
  // redirect of its own (to /login?continue=<this page>). Router updates commit in a transition.
  if (status === 'loading' || (status === 'signedOut' && navigation.state !== 'idle')) {
    return <FullPageLoader label="Loading your session…" />;
  }
  if (status === 'signedOut')
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}
