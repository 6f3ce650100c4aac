import { AppShell, Box, Drawer, Group, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { LEGACY_PLAN_NOTICE, legacyAlertVisible } from '@mergedesk/domain/alerts/alerts';
import type { CurrentUser, RolloutStatus, UserWorkspace } from '@mergedesk/domain/api/users';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { isDisabled } from '@mergedesk/domain/roles/permissions';
import { activeRestrictions } from '@mergedesk/domain/rollout/restrictions';
import { SIDEBAR_WIDTH } from '@mergedesk/domain/session/constants';
import {
  settingsGroupLabels,
  isUpgradeLinkHiddenOn,
  sidebarUpgradeVisible,
  spaceNavigation,
  topBarUpgrade,
} from '@mergedesk/domain/shell/space-navigation';
import { canCreateAnotherSpace, NEW_SPACE_QUERY_FLAG } from '@mergedesk/domain/spaces/space-switch';
import { leftSpaceDescription, SPACE_LIFE_MESSAGES } from '@mergedesk/domain/spaces/space-life';
import { isGmailAddress } from '@mergedesk/domain/users/email';
import type { AlertNotice } from '../../components/alert-area';
import { AlertArea } from '../../components/alert-area';
import { ErrorScreen } from '../../components/full-page-states/error-screen';
import { BillingWarnings } from '../../features/billing/components/billing-warnings';
import { UpgradeInfoModal } from '../../features/members/components/upgrade-info-modal';
import { useWorkspace } from '../../features/spaces/api/get-workspace';
import { NewSpaceModal } from '../../features/spaces/components/new-space-modal';
import { DeletedSpacesNotices } from '../../features/space-life/components/deleted-spaces-notices';
import { LeaveSpaceModal } from '../../features/space-life/components/leave-space-modal';
import type { SwitcherSpace } from '../../features/spaces/components/space-switcher';
import { prefetchMailMergesPage } from '../../features/mail-merges/api/prefetch-mail-merges';
import { useCurrentUser } from '../../features/users/api/get-current-user';
import { useRolloutStatus } from '../../features/users/api/get-rollout-status';
import { clearAlertsOnNavigation, showAlert, showSpaceCreatedAlert } from '../../lib/alerts';
import { runWhenIdle } from '../../lib/background-task';
import { DeferredRender } from '../../lib/deferred-render';
import { setLastSpaceId, spacePath } from '../../lib/selected-space';
import { newSpacePath, spaceSwitchPath } from '../../lib/space-switch';
import { AccountMenu } from './account-menu';
import { isSpacePage, pathAfterSpacePrefix, withUrlPrefix } from './space-path';
import { preloadSpacePages, SpaceRoutes } from './space-routes';
import { SpaceSidebar } from './space-sidebar';
import { TopBar } from './top-bar';
import { RetryAlert } from '../../components/retry-alert';
import { queryKeys } from '../../lib/query-keys';

export { preloadLandingPage } from './space-routes';
const HEADER_HEIGHT = 60;

/**
 * The element of `/:workspaceId/:workspaceSlug/*` (spec 000 §2): resolves the space from the URL
 * among the current user's spaces — not a member (or an unknown id) goes to '/', a wrong slug is
 * replaced keeping the rest of the path — then renders the shell and the space routes.
 */
export function SpaceShell() {
  const { workspaceId = '', workspaceSlug = '' } = useParams();
  const location = useLocation();
  const me = useCurrentUser();
  const rollout = useRolloutStatus();
  const space = me.data?.userWorkspaces?.find((candidate) => candidate.workspaceId === workspaceId);
  // The layout needs the space's details: asked for beside the rollout status, not after it
  // (issue 11: the sent merges page's LCP). Same query and rule as the layout's (not for a
  // disabled member).
  const isActiveMember = space !== undefined && !isDisabled(space);
  useWorkspace(workspaceId, { enabled: isActiveMember });
  // …and so is the first page's data when the shell opens on the mail merges page (once per space).
  const queryClient = useQueryClient();
  const prefetchFirstPage = useEffectEvent(() =>
    prefetchMailMergesPage(
      queryClient,
      workspaceId,
      pathAfterSpacePrefix(location.pathname),
      location.search,
    ),
  );
  useEffect(() => {
    if (isActiveMember) prefetchFirstPage();
  }, [workspaceId, isActiveMember]);

  if (me.isPending) return <ShellLoading />;
  if (me.isError) return <ErrorScreen />;

  if (!space) return <Navigate to="/" replace />;

  const urlPrefix = space.urlPrefix.replace(/\/$/, '');
  // A wrong slug is replaced; the layout stays mounted meanwhile, so a page whose own action changed
  // the slug (a rename) keeps its state, e.g. 'The space name has been saved.' (issue 21).
  const slugRedirect =
    `/${workspaceId}/${workspaceSlug}` !== urlPrefix ? (
      <Navigate
        to={`${withUrlPrefix(location.pathname, urlPrefix)}${location.search}${location.hash}`}
        replace
      />
    ) : null;

  // Restrictions decide which routes exist; a failed rollout call means no restriction (ARCHITECTURE.md).
  if (rollout.isPending) return slugRedirect ?? <ShellLoading />;

  // The shell and its page mount in a background render, in slices (lib/deferred-render.tsx).
  return (
    <>
      {slugRedirect}
      <DeferredRender fallback={<ShellLoading />}>
        <SpaceShellLayout
          user={me.data}
          space={space}
          rollout={rollout.data ?? null}
          isUserFetching={me.isFetching}
        />
      </DeferredRender>
    </>
  );
}

type SpaceShellLayoutProps = {
  user: CurrentUser;
  space: UserWorkspace;
  rollout: RolloutStatus | null;
  isUserFetching: boolean;
};

function SpaceShellLayout({ user, space, rollout, isUserFetching }: SpaceShellLayoutProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [upgradeInfoOpened, upgradeInfo] = useDisclosure(false);
  const [newSpaceRequested, setNewSpaceRequested] = useState(false);

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
  const labels = settingsGroupLabels(space.isPerSeat);
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

  // Spec 000 §4 "Workspace status DISABLED": the details are not fetched for a disabled member.
  const workspace = useWorkspace(space.workspaceId, { enabled: !navigation.disabled });
  const isLoading = isUserFetching || workspace.isFetching;

  useEffect(() => {
    setLastSpaceId(space.workspaceId);
  }, [space.workspaceId]);

  // The other space pages download once the first page is on screen and the browser is idle.
  useEffect(() => runWhenIdle(preloadSpacePages), []);

  const closeDrawer = drawer.close;
  useEffect(() => {
    clearAlertsOnNavigation(location.pathname);
    closeDrawer();
  }, [location.pathname, closeDrawer]);

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
  const spaceLeft = async () => {
    setLeaveOpened(false);
    showAlert({
      kind: 'remove',
      tone: 'success',
      title: SPACE_LIFE_MESSAGES.LEFT,
      description: leftSpaceDescription(space.workspaceName),
    });
    await queryClient.invalidateQueries({ queryKey: queryKeys.currentUser() });
    await navigate('/');
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

  const sidebar = (onNavigate?: () => void) => (
    <SpaceSidebar
      spaces={user.userWorkspaces ?? []}
      space={space}
      addonWorkspaceId={user.addonWorkspaceId}
      navigation={navigation}
      labels={labels}
      showUpgradeButton={sidebarUpgradeVisible(
        { role: space.userRole, workspacePlan: space.workspacePlan, status: space.status },
        upgradeLinkHidden,
      )}
      onSelectSpace={selectSpace}
      onCreateSpace={() => setNewSpaceRequested(true)}
      onNavigate={onNavigate}
    />
  );

  const routes = (
    <SpaceRoutes
      prefix={prefix}
      space={space}
      role={space.userRole}
      navigation={navigation}
      labels={labels}
      isUsersPageRestricted={restrictions.has('USERS_PAGE')}
      user={user}
      details={workspace.data}
      restrictions={restrictions}
      refreshSpace={refreshSpace}
    />
  );

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: SIDEBAR_WIDTH, breakpoint: 'md', collapsed: { mobile: true } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar
          drawerOpened={drawerOpened}
          onOpenDrawer={drawer.open}
          upgrade={upgrade}
          checkoutPath={`${prefix}/checkout/details`}
          onOpenUpgradeInfo={upgradeInfo.open}
          accountMenu={
            <AccountMenu
              user={user}
              space={space}
              navigation={navigation}
              onOpenSpacePage={openSpacePage}
              onLeaveSpace={() => setLeaveOpened(true)}
            />
          }
        />
      </AppShell.Header>

      <AppShell.Navbar p="md" visibleFrom="md" aria-label="Main navigation">
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          {sidebar()}
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        size={SIDEBAR_WIDTH}
        position="left"
        title="Menu"
        hiddenFrom="md"
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
      >
        <Box component="nav" aria-label="Main navigation">
          {sidebar(drawer.close)}
        </Box>
      </Drawer>

      <AppShell.Main>
        <Box maw={1440} mx="auto">
          {!navigation.disabled && <BillingWarnings space={space} user={user} prefix={prefix} />}
          <DeletedSpacesNotices />
          <AlertArea path={location.pathname} notices={notices} />
          {navigation.disabled || workspace.isSuccess ? (
            <DeferredRender fallback={<PageSkeleton label="Loading the space" />}>{routes}</DeferredRender>
          ) : workspace.isError ? (
            <RetryAlert onRetry={() => void workspace.refetch()} retrying={workspace.isFetching} />
          ) : (
            <PageSkeleton label="Loading the space" />
          )}
        </Box>
      </AppShell.Main>

      <LeaveSpaceModal
        opened={leaveOpened}
        onClose={() => setLeaveOpened(false)}
        workspaceId={space.workspaceId}
        workspaceName={space.workspaceName}
        onLeft={() => void spaceLeft()}
      />
      <NewSpaceModal
        opened={newSpaceOpened}
        onClose={closeNewSpace}
        userId={user.userId}
        canCreate={canCreateAnotherSpace(user.userWorkspaces ?? [])}
        onCreated={spaceCreated}
      />
      {upgrade === 'info-modal' && (
        <UpgradeInfoModal
          opened={upgradeInfoOpened}
          onClose={upgradeInfo.close}
          workspaceId={space.workspaceId}
          workspaceName={space.workspaceName}
        />
      )}
    </AppShell>
  );
}

function PageSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" role="status" aria-label={label} aria-busy>
      <Skeleton height={32} width="40%" />
      <Skeleton height={16} width="70%" />
      <Skeleton height={200} />
    </Stack>
  );
}

/** While the current user (or the rollout status) loads: the shell's outline in skeletons. */
function ShellLoading() {
  return (
    <Group
      align="stretch"
      gap={0}
      mih="100vh"
      wrap="nowrap"
      role="status"
      aria-label="Loading your space"
      aria-busy
    >
      <Stack
        w={SIDEBAR_WIDTH}
        p="md"
        gap="md"
        visibleFrom="md"
        style={{ borderRight: '1px solid var(--mantine-color-default-border)' }}
      >
        <Skeleton height={48} />
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} height={28} />
        ))}
      </Stack>
      <Stack p="md" gap="md" style={{ flex: 1 }}>
        <Skeleton height={36} />
        <Skeleton height={32} width="40%" />
        <Skeleton height={200} />
      </Stack>
    </Group>
  );
}
