import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import type { CurrentUser, UserWorkspace } from '@mergedesk/domain/api/users';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import type { RestrictionFlag } from '@mergedesk/domain/rollout/restrictions';
import { isUsersPageBlank } from '@mergedesk/domain/members/users-page';
import type { Role } from '@mergedesk/domain/roles/roles';
import { spaceBaseRedirect } from '@mergedesk/domain/roles/permissions';
import type { SettingsGroupLabels, SpaceNavigation } from '@mergedesk/domain/shell/space-navigation';
import { useCurrentUser } from '../../features/users/api/get-current-user';
import type { CheckoutStep } from '../../features/billing/components/checkout/checkout-page';
import { lazyWithPreload } from '../../lib/lazy-with-preload';
import { DisabledPage } from './disabled-page';
import { NoBillingAccessPage } from './no-billing-access-page';

const MailMergesPage = lazyWithPreload(() =>
  import('../../features/mail-merges/components/mail-merges-page').then((m) => ({
    default: m.MailMergesPage,
  })),
);
/** Loads the mail merges page (where sign-in lands) before the shell first renders it. */
export const preloadLandingPage = () => MailMergesPage.preload();
/**
 * The other space pages, one chunk apart from the shell and the landing page (build/chunking.ts):
 * the first page does not wait for them, and they are loaded once the browser is idle after it,
 * so that moving to another page downloads nothing (issue 11).
 */
const SPACE_PAGES = {
  suppressionList: () => import('../../features/suppression-lists/components/suppression-list-page'),
  teamReport: () => import('../../features/team-report/components/team-report-page'),
  templates: () => import('../../features/templates/components/templates-page'),
  generalSettings: () => import('../../features/space-settings/components/general-settings-page'),
  members: () => import('../../features/members/components/members-page'),
  manageUsers: () => import('../../features/members/components/manage-users-page'),
  freeMemberUsers: () => import('../../features/members/components/free-member-users-page'),
  billing: () => import('../../features/billing/components/billing-page'),
  checkout: () => import('../../features/billing/components/checkout/checkout-page'),
  installTutorial: () => import('../../features/install-tutorial/components/install-tutorial-page'),
  mergeProgress: () => import('../../features/mail-merges/components/merge-progress-page'),
};
export function preloadSpacePages(): void {
  for (const load of Object.values(SPACE_PAGES)) void load();
}
const SuppressionListPage = lazy(() =>
  SPACE_PAGES.suppressionList().then((m) => ({
    default: m.SuppressionListPage,
  })),
);
const TeamReportPage = lazy(() =>
  SPACE_PAGES.teamReport().then((m) => ({
    default: m.TeamReportPage,
  })),
);
const TemplatesPage = lazy(() => SPACE_PAGES.templates().then((m) => ({ default: m.TemplatesPage })));
const GeneralSettingsPage = lazy(() =>
  SPACE_PAGES.generalSettings().then((m) => ({
    default: m.GeneralSettingsPage,
  })),
);
const MembersPage = lazy(() => SPACE_PAGES.members().then((m) => ({ default: m.MembersPage })));
const ManageUsersPage = lazy(() =>
  SPACE_PAGES.manageUsers().then((m) => ({
    default: m.ManageUsersPage,
  })),
);
const FreeMemberUsersPage = lazy(() =>
  SPACE_PAGES.freeMemberUsers().then((m) => ({ default: m.FreeMemberUsersPage })),
);
const BillingPage = lazy(() => SPACE_PAGES.billing().then((m) => ({ default: m.BillingPage })));
const CheckoutPage = lazy(() =>
  SPACE_PAGES.checkout().then((m) => ({
    default: m.CheckoutPage,
  })),
);
const MergeProgressPage = lazy(() =>
  SPACE_PAGES.mergeProgress().then((m) => ({ default: m.MergeProgressPage })),
);
/** Issue 25: the composer, loaded when it is opened (never on the sign-in pages). */
const ComposerPage = lazy(() =>
  import('../../features/composer/components/composer-page').then((m) => ({ default: m.ComposerPage })),
);
const InstallTutorialPage = lazy(() =>
  SPACE_PAGES.installTutorial().then((m) => ({
    default: m.InstallTutorialPage,
  })),
);

/** Spec 001 §2 "Checkout routes" of both models, and the seat pages also under billing. */
const CHECKOUT_STEPS = [
  { path: 'checkout', step: 'root' },
  { path: 'checkout/details', step: 'details' },
  { path: 'checkout/information', step: 'information' },
  { path: 'checkout/summary', step: 'summary' },
  { path: 'checkout/add-seats', step: 'add-seats' },
  { path: 'checkout/remove-seats', step: 'remove-seats' },
  { path: 'checkout/options', step: 'options' },
  { path: 'checkout/legacy/users', step: 'legacy-users' },
  { path: 'checkout/cannot-downgrade', step: 'cannot-downgrade' },
  { path: 'space/billing/details', step: 'details' },
  { path: 'space/billing/information', step: 'information' },
  { path: 'space/billing/add-seats', step: 'add-seats' },
  { path: 'space/billing/remove-seats', step: 'remove-seats' },
] as const satisfies readonly { path: string; step: CheckoutStep }[];

/** Spec 000 §6: "A feature gate redirects to a fallback route (default '/')". */
const FEATURE_GATE_FALLBACK = '/';

export type SpaceRoutesProps = {
  prefix: string;
  /** The space in the current user's list (the mail merges page reads its plan and counters). */
  space: UserWorkspace;
  role: Role;
  navigation: SpaceNavigation;
  labels: SettingsGroupLabels;
  isUsersPageRestricted: boolean;
  /** The signed-in user. */
  user: CurrentUser;
  /** The space details; undefined only for a disabled member (they are not fetched). */
  details: Workspace | undefined;
  /** Every rollout restriction active for the user (spec 000 §6). */
  restrictions: ReadonlySet<RestrictionFlag>;
  /** Refetches the space details and the current user (after a rename or an ownership transfer). */
  refreshSpace: () => Promise<void>;
};

/**
 * The routes under /{workspaceId}/{workspaceSlug} (spec 000 §2 "Space shell routes", spec 002
 * §2.1), rendered as descendant routes of the shell. Targets are absolute paths under the prefix.
 */
export function SpaceRoutes({
  prefix,
  space,
  role,
  navigation,
  isUsersPageRestricted,
  user,
  details,
  restrictions,
  refreshSpace,
}: SpaceRoutesProps) {
  const at = (path: string) => `${prefix}${path}`;

  if (navigation.disabled) {
    // Spec 000 §2: a DISABLED member sees the disabled page, whatever the path.
    return (
      <Routes>
        <Route path="disabled" element={<DisabledPage />} />
        <Route path="*" element={<Navigate to={at('/disabled')} replace />} />
      </Routes>
    );
  }

  const mailMergesPage = <MailMergesPage prefix={prefix} space={space} />;
  const isInvitationRestricted = restrictions.has('INVITATION');
  // Spec 002 §2.1: the users page "is blank for free-plan users" (read: a free member of a paid
  // space gets no member list, but the upgrade info; issue 21); per-seat spaces get the Members
  // screen, per-user spaces the legacy Manage Users one.
  const usersPage = (spaceDetails: Workspace) =>
    isUsersPageBlank(space) ? (
      <FreeMemberUsersPage workspaceId={space.workspaceId} workspaceName={spaceDetails.workspaceName} />
    ) : space.isPerSeat ? (
      <MembersPage
        space={space}
        details={spaceDetails}
        userId={user.userId}
        isInvitationRestricted={isInvitationRestricted}
        prefix={prefix}
      />
    ) : (
      <ManageUsersPage
        prefix={prefix}
        space={space}
        details={spaceDetails}
        userId={user.userId}
        freeUserQuota={user.freeUserQuota}
        isInvitationRestricted={isInvitationRestricted}
      />
    );
  const gate = (allowed: boolean, page: ReactNode, fallback = FEATURE_GATE_FALLBACK) =>
    allowed ? <PageSuspense>{page}</PageSuspense> : <Navigate to={fallback} replace />;

  return (
    <Routes>
      <Route path="mail-merges" element={<KeepQueryRedirect to={at('/mail-merges/sent')} />} />
      {[
        'mail-merges/sent',
        'mail-merges/sent/:campaignId',
        'mail-merges/sent/:campaignId/poll',
        'mail-merges/sent/:campaignId/recipients',
        'mail-merges/scheduled',
        'mail-merges/scheduled/:scheduledId',
      ].map((path) => (
        <Route key={path} path={path} element={gate(true, mailMergesPage)} />
      ))}
      <Route path="mail-merges/new" element={gate(true, <ComposerPage {...{ prefix, space, user }} />)} />
      {/* Issue 25: a merge's live progress, where the composer lands after 'Send'. */}
      <Route
        path="mail-merges/sending/:campaignId"
        element={gate(true, <MergeProgressPage prefix={prefix} />)}
      />
      <Route
        path="unsubscriptions"
        element={gate(true, <SuppressionListPage list="unsubscriptions" space={space} />)}
      />
      <Route
        path="bounces"
        element={gate(navigation.bounces, <SuppressionListPage list="bounces" space={space} />)}
      />
      <Route path="team-report" element={gate(navigation.teamReport, <TeamReportPage />)} />
      <Route path="templates" element={gate(true, <TemplatesRoute />)} />
      {/* Spec 002 §2.6: the preview dialog has its own address; the gallery stays behind it. */}
      <Route path="templates/:templateId" element={gate(true, <TemplatesRoute />)} />
      <Route
        path="space"
        element={<KeepQueryRedirect to={at(`/space/${spaceBaseRedirect(role, isUsersPageRestricted)}`)} />}
      />
      <Route
        path="space/general"
        element={gate(
          navigation.general && details !== undefined,
          details && (
            <GeneralSettingsPage
              space={space}
              details={details}
              owner={{ userId: user.userId, name: user.userName, email: user.userEmail }}
              isTransferRestricted={restrictions.has('TRANSFER_WORKSPACE')}
              refreshSpace={refreshSpace}
            />
          ),
        )}
      />
      <Route
        path="space/users"
        element={gate(navigation.users && details !== undefined, details && usersPage(details))}
      />
      {/* Spec 002 §6: billing is guarded by canAccessWorkspaceBilling, "otherwise a redirect to general";
          where general is not open either (an admin of a per-seat space), a message (issue 21). */}
      <Route
        path="space/billing"
        element={
          navigation.billing || navigation.general ? (
            gate(
              navigation.billing,
              <BillingPage
                prefix={prefix}
                space={space}
                user={user}
                restrictions={restrictions}
                refreshSpace={refreshSpace}
              />,
              at('/space/general'),
            )
          ) : (
            <NoBillingAccessPage spaceName={space.workspaceName} prefix={prefix} />
          )
        }
      />
      <Route path="space/upgrade" element={<KeepQueryRedirect to={at('/space/billing')} />} />
      {/* Spec 001 §6: seat and checkout pages require billing access. */}
      {CHECKOUT_STEPS.map(({ path, step }) => (
        <Route
          key={path}
          path={path}
          element={gate(
            navigation.billing,
            <CheckoutPage
              step={step}
              prefix={prefix}
              space={space}
              user={user}
              details={details}
              restrictions={restrictions}
              refreshSpace={refreshSpace}
            />,
          )}
        />
      ))}
      {/* Spec 001 §2: other checkout addresses go to billing. */}
      <Route path="checkout/*" element={<Navigate to={at('/space/billing')} replace />} />
      <Route path="space/billing/*" element={<Navigate to={at('/space/billing')} replace />} />
      <Route path="get-started" element={gate(navigation.tutorial, <InstallTutorialPage />)} />
      <Route path="disabled" element={<KeepQueryRedirect to={at('/mail-merges/sent')} />} />
      <Route path="settings/billing" element={<KeepQueryRedirect to={at('/space/billing')} />} />
      <Route path="*" element={<KeepQueryRedirect to={at('/mail-merges/sent')} />} />
    </Routes>
  );
}

/** The gallery creates drafts in the signed-in user's mailbox (spec 002 §7 POST /users/{userId}/drafts). */
function TemplatesRoute() {
  const user = useCurrentUser();
  return user.data ? <TemplatesPage userId={user.data.userId} /> : null;
}

/**
 * A redirect inside the space that keeps the query string: spec 000 §2 asks it for /settings/billing
 * (and /space/upgrade); the other redirects keep it too, so flags such as 'new-space' survive them.
 */
function KeepQueryRedirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader aria-label="Loading the page" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
