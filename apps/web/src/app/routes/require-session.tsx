import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
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
  if (status === 'loading') return <FullPageLoader label="Loading your session…" />;
  if (status === 'signedOut')
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}
