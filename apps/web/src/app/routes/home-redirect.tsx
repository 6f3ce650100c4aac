import { Navigate, useLocation } from 'react-router';
import { SPACE_SWITCH_TARGET } from '@mergedesk/domain/spaces/space-switch';
import { FullPageLoader } from '../../components/full-page-states/full-page-loader';
import { pickDefaultSpace, spacePath } from '../../lib/selected-space';
import { useCurrentUser } from '../../features/users/api/get-current-user';
import { NoSpacePage } from './no-space-page';

/**
 * `/` for a signed-in user: the sent mail merges of the default space (last selected, else the
 * add-on's space, else the first). The query string is kept, so `/?new-space=1` opens the
 * new-space dialog in that space's shell.
 */
export function HomeRedirect() {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user.data) return <FullPageLoader label="Loading your spaces…" />;
  const space = pickDefaultSpace(user.data);
  if (!space) return <NoSpacePage user={user.data} />;
  return <Navigate to={`${spacePath(space, SPACE_SWITCH_TARGET)}${location.search}`} replace />;
}
