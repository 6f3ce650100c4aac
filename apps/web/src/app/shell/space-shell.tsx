import { AppShell, Box, Drawer, Group, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import type { CurrentUser, RolloutStatus, UserWorkspace } from '@mergedesk/domain/api/users';
import { isDisabled } from '@mergedesk/domain/roles/permissions';
import { SIDEBAR_WIDTH } from '@mergedesk/domain/session/constants';
import { sidebarUpgradeVisible } from '@mergedesk/domain/shell/space-navigation';
import { canCreateAnotherSpace } from '@mergedesk/domain/spaces/space-switch';
import { AlertArea } from '../../components/alert-area';
import { ErrorScreen } from '../../components/full-page-states/error-screen';
import { BillingWarnings } from '../../features/billing/components/billing-warnings';
import { UpgradeInfoModal } from '../../features/members/components/upgrade-info-modal';
import { useWorkspace } from '../../features/spaces/api/get-workspace';
import { NewSpaceModal } from '../../features/spaces/components/new-space-modal';
import { DeletedSpacesNotices } from '../../features/space-life/components/deleted-spaces-notices';
import { GmailRevokedBanner } from '../../features/gmail/components/gmail-revoked-banner';
import { useGmailReturnNotice } from '../../features/gmail/components/use-gmail-return-notice';
import { LeaveSpaceModal } from '../../features/space-life/components/leave-space-modal';
import { prefetchMailMergesPage } from '../../features/mail-merges/api/prefetch-mail-merges';
import { useCurrentUser } from '../../features/users/api/get-current-user';
import { useRolloutStatus } from '../../features/users/api/get-rollout-status';
import { clearAlertsOnNavigation } from '../../lib/alerts';
import { runWhenIdle } from '../../lib/background-task';
import { DeferredRender } from '../../lib/deferred-render';
import { setLastSpaceId } from '../../lib/selected-space';
import { AccountMenu } from './account-menu';
import { pathAfterSpacePrefix, withUrlPrefix } from './space-path';
import { useSpaceShellActions, useSpaceShellNavigation } from './space-shell-state';
import { preloadSpacePages, SpaceRoutes } from './space-routes';
import { SpaceSidebar } from './space-sidebar';
import { TopBar } from './top-bar';
import { RetryAlert } from '../../components/retry-alert';

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
  const [drawerOpened, drawer] = useDisclosure(false);
  const [upgradeInfoOpened, upgradeInfo] = useDisclosure(false);
  const { prefix, isGmailUser, restrictions, navigation, labels, upgradeLinkHidden, upgrade, notices } =
    useSpaceShellNavigation(user, space, rollout);

  // Spec 000 §4 "Workspace status DISABLED": the details are not fetched for a disabled member.
  const workspace = useWorkspace(space.workspaceId, { enabled: !navigation.disabled });

  useEffect(() => {
    setLastSpaceId(space.workspaceId);
  }, [space.workspaceId]);

  // The other space pages download once the first page is on screen and the browser is idle.
  useEffect(() => runWhenIdle(preloadSpacePages), []);

  // Issue 24: back from the Gmail consent (?gmail=connected): one notice, the flag dropped.
  useGmailReturnNotice();

  const closeDrawer = drawer.close;
  useEffect(() => {
    clearAlertsOnNavigation(location.pathname);
    closeDrawer();
  }, [location.pathname, closeDrawer]);
  // After the effects above, as before the split: a page opened after loading navigates last.
  const actions = useSpaceShellActions({
    space,
    prefix,
    isGmailUser,
    isLoading: isUserFetching || workspace.isFetching,
  });

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
      onSelectSpace={actions.selectSpace}
      onCreateSpace={actions.openNewSpace}
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
      refreshSpace={actions.refreshSpace}
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
              onOpenSpacePage={actions.openSpacePage}
              onLeaveSpace={actions.openLeave}
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
          {!navigation.disabled && <GmailRevokedBanner />}
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
        opened={actions.leaveOpened}
        onClose={actions.closeLeave}
        workspaceId={space.workspaceId}
        workspaceName={space.workspaceName}
        onLeft={(left) => void actions.spaceLeft(left)}
      />
      <NewSpaceModal
        opened={actions.newSpaceOpened}
        onClose={actions.closeNewSpace}
        userId={user.userId}
        canCreate={canCreateAnotherSpace(user.userWorkspaces ?? [])}
        onCreated={actions.spaceCreated}
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
