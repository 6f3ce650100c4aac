import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/full-page-states/full-page-loader';
import { pickBillingSpace, spacePath } from '../../lib/selected-space';
import { useCurrentUser } from '../../features/users/api/get-current-user';
import { NoSpacePage } from './no-space-page';

/** /settings/billing (spec 000 §2): the billing page of the user's best space, keeping the query string. */
export function BillingRedirect() {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user.data) return <FullPageLoader label="Loading your spaces…" />;
  const space = pickBillingSpace(user.data);
  if (!space) return <NoSpacePage user={user.data} />;
  return <Navigate to={`${spacePath(space, '/space/billing')}${location.search}`} replace />;
}
