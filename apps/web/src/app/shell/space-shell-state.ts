import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LEGACY_PLAN_NOTICE, legacyAlertVisible } from '@mergedesk/domain/alerts/alerts';
import type { LeaveWorkspaceResponse } from '@mergedesk/domain/api/space-life';
import type { CurrentUser, RolloutStatus, UserWorkspace } from '@mergedesk/domain/api/users';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { activeRestrictions } from '@mergedesk/domain/rollout/restrictions';
import {
  settingsGroupLabels,
  isUpgradeLinkHiddenOn,
  spaceNavigation,
  topBarUpgrade,
} from '@mergedesk/domain/shell/space-navigation';
import { NEW_SPACE_QUERY_FLAG, SPACE_SWITCH_TARGET } from '@mergedesk/domain/spaces/space-switch';
import { leftSpaceDescription, SPACE_LIFE_MESSAGES } from '@mergedesk/domain/spaces/space-life';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import type { AlertNotice } from '../../components/alert-area';
import type { SwitcherSpace } from '../../features/spaces/components/space-switcher';
import { showAlert, showSpaceCreatedAlert } from '../../lib/alerts';
import { queryKeys } from '../../lib/query-keys';
import { pickDefaultSpace, setLastSpaceId, spacePath } from '../../lib/selected-space';
import { newSpacePath, spaceSwitchPath } from '../../lib/space-switch';
import { isSpacePage, pathAfterSpacePrefix } from './space-path';

/**
 * What the space shell shows to this user in this space (spec 000 §2, §4): the navigation, the
 * settings labels, the rollout restrictions, the upgrade entry and the legacy-plan notice.
 */
export function useSpaceShellNavigation(
  user: CurrentUser,
  space: UserWorkspace,
  rollout: RolloutStatus | null,
) {
  const location = useLocation();
  const prefix = space.urlPrefix.replace(/\/$/, '');
  const isGmailUser = isGmailAddress(user.userEmail);
  const lastActivatedStep = rollout?.lastActivatedStep ?? null;
  const restrictions = useMemo(
    () => activeRestrictions(lastActivatedStep, isGmailUser),
    [lastActivatedStep, isGmailUser],
  );
  const navigation = spaceNavigation({
    role: space.userRole,
    userPlan: space.userPlan,
    workspacePlan: space.workspacePlan,
    legacyType: space.legacyPlanType,
    isPerSeat: space.isPerSeat,
    status: space.status,
    features: space.workspaceUserFeature.otherFeatures,
    isGmailUser,
    restrictions,
    hasInstallationTimestamp: user.installationTimestamp != null,
  });
  const isBillingPage = isSpacePage(location.pathname, prefix, '/space/billing');
  const upgradeLinkHidden = isUpgradeLinkHiddenOn(pathAfterSpacePrefix(location.pathname));
  const upgrade = topBarUpgrade(
    {
      role: space.userRole,
      userPlan: space.userPlan,
      workspacePlan: space.workspacePlan,
      status: space.status,
    },
    upgradeLinkHidden,
  );
  const notices: AlertNotice[] = legacyAlertVisible(space.userRole, space.workspacePlan, isBillingPage)
    ? [
        {
          key: `legacy:${space.workspaceId}`,
          kind: 'legacy',
          tone: 'warning',
          title: 'You are on a legacy plan',
          description: LEGACY_PLAN_NOTICE,
          link: { label: 'Go to billing', to: `${prefix}/space/billing` },
        },
      ]
    : [];
  return {
    prefix,
    isGmailUser,
    restrictions,
    navigation,
    labels: settingsGroupLabels(space.isPerSeat),
    upgradeLinkHidden,
    upgrade,
    notices,
  };
}

type SpaceShellActionsInput = {
  space: UserWorkspace;
  prefix: string;
  isGmailUser: boolean;
  /** The current user or the space's details are loading. */
  isLoading: boolean;
};

/**
 * What the shell does for the person: switch space, open a space page (after loading), leave the
 * space, and the new-space dialog with what follows a creation.
 */
export function useSpaceShellActions({ space, prefix, isGmailUser, isLoading }: SpaceShellActionsInput) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [newSpaceRequested, setNewSpaceRequested] = useState(false);

  // Spec 000 §2: the 'new-space' query flag opens the new-space dialog; closing it drops the flag.
  const newSpaceOpened = newSpaceRequested || searchParams.has(NEW_SPACE_QUERY_FLAG);
  const closeNewSpace = () => {
    setNewSpaceRequested(false);
    if (!searchParams.has(NEW_SPACE_QUERY_FLAG)) return;
    const next = new URLSearchParams(searchParams);
    next.delete(NEW_SPACE_QUERY_FLAG);
    setSearchParams(next, { replace: true });
  };

  // Spec 000 §2: a navigation to the general or users page that follows a switch waits for loading.
  const pendingPath = useRef<string | null>(null);
  useEffect(() => {
    const path = pendingPath.current;
    if (path === null || isLoading) return;
    pendingPath.current = null;
    void navigate(path);
  }, [isLoading, navigate]);
  const openSpacePage = (path: string) => {
    if (isLoading) pendingPath.current = path;
    else void navigate(path);
  };

  const selectSpace = (target: SwitcherSpace) => {
    setLastSpaceId(target.workspaceId);
    void navigate(spaceSwitchPath(target.urlPrefix, location.search));
  };

  // Spec 002 §7: a rename or an ownership transfer invalidates the space and the current user.
  // Issue 21: after leaving, the space is no longer the user's; the home page picks another one.
  const [leaveOpened, setLeaveOpened] = useState(false);
  // The person lands where `/` would now take them, with the 'left' alert raised for that page:
  // raised without it, it was seen on the page being left and cleared by the navigation (spec 000
  // §4). The user after leaving follows from the answer (one space fewer, the add-on's space it
  // names), so no second request can fail after the leave succeeded. It reaches the cache only once
  // the new page has rendered: this space's shell would otherwise see the missing membership first
  // and send the person to `/` itself. The me query then confirms it with the server.
  const spaceLeft = async (left: LeaveWorkspaceResponse) => {
    setLeaveOpened(false);
    const cached = queryClient.getQueryData<CurrentUser>(queryKeys.currentUser());
    const user = cached && {
      ...cached,
      addonWorkspaceId: left.addonWorkspaceId,
      userWorkspaces: cached.userWorkspaces?.filter((entry) => entry.workspaceId !== space.workspaceId),
    };
    const landing = user ? pickDefaultSpace(user) : null;
    const target = landing ? spacePath(landing, SPACE_SWITCH_TARGET) : '/';
    showAlert({
      kind: 'remove',
      tone: 'success',
      title: SPACE_LIFE_MESSAGES.LEFT,
      description: leftSpaceDescription(space.workspaceName),
      showOn: target,
    });
    // flushSync: the new page is rendered before the user after leaving reaches the cache.
    await navigate(target, { flushSync: true });
    if (user) queryClient.setQueryData(queryKeys.currentUser(), user);
    await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() });
  };

  const refreshSpace = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() }),
      queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.all() }),
    ]);
  };

  // Spec 000 §4 "New space creation": refresh the user, switch to the new space, 'created' alert.
  const spaceCreated = async (created: Workspace) => {
    await refreshSpace();
    setLastSpaceId(created.workspaceId);
    // Closed here, not through onClose: the navigation below also drops a 'new-space' flag.
    setNewSpaceRequested(false);
    // Raised for the new space's page: seen on the page being left, the navigation would clear it
    // at once (spec 000 §4: cleared on navigation once seen).
    // From a checkout page (the purchase's 'new-space' flag) the purchase goes on in the new space.
    const target = newSpacePath(spacePath(created, ''), location.search, {
      fromCheckout: isSpacePage(location.pathname, prefix, '/checkout'),
      isGmailUser,
    });
    showSpaceCreatedAlert(target.split('?')[0]);
    await navigate(target);
  };

  return {
    newSpaceOpened,
    openNewSpace: () => setNewSpaceRequested(true),
    closeNewSpace,
    openSpacePage,
    selectSpace,
    leaveOpened,
    openLeave: () => setLeaveOpened(true),
    closeLeave: () => setLeaveOpened(false),
    spaceLeft,
    refreshSpace,
    spaceCreated,
  };
}
