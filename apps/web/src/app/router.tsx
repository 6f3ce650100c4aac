import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteErrorScreen } from '../components/full-page-states/error-screen';
import { FullPageLoader } from '../components/full-page-states/full-page-loader';
import { lazyWithPreload } from '../lib/lazy-with-preload';
import { RootLayout } from './root-layout';
import { RequireSession } from './routes/require-session';

const HomeRedirect = lazy(() => import('./routes/home-redirect').then((m) => ({ default: m.HomeRedirect })));
const BillingRedirect = lazy(() =>
  import('./routes/billing-redirect').then((m) => ({ default: m.BillingRedirect })),
);
const InvitationRoute = lazy(() =>
  import('./routes/invitation-route').then((m) => ({ default: m.InvitationRoute })),
);
/** W2's space shell: resolves the space from the URL and renders the space routes. */
const SpaceShell = lazyWithPreload(() =>
  import('./shell/space-shell').then((m) => {
    // The page most people land on (the sent merges) lives in the same chunk (build/chunking.ts).
    void m.preloadLandingPage();
    return { default: m.SpaceShell };
  }),
);

/**
 * Starts loading the signed-in app (the space shell and its pages, one chunk: build/chunking.ts)
 * while the session is still being restored, instead of after it (issue 11: the sent merges page's
 * LCP). Loading it twice is harmless: the module is fetched and run once.
 */
export function preloadSignedInApp(): void {
  void SpaceShell.preload();
}

/**
 * Top-level routes of spec 000 §2. Every page is loaded lazily so the first download stays small.
 *
 * Reachable signed out: /login, /auth/callback, /unsubscribed, /formresponse, /signup,
 * /get-started, /wrong-plan and /stop-automatic-renewal (which asks to sign in before acting).
 * Everything else sits behind RequireSession, which sends signed-out visitors to
 * /login?continue=<path+query>.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteErrorScreen />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        path: 'login',
        lazy: () =>
          import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'auth/callback',
        lazy: () =>
          import('../features/auth/components/auth-callback-page').then((m) => ({
            Component: m.AuthCallbackPage,
          })),
      },
      {
        path: 'unsubscribed',
        lazy: () =>
          import('../features/public-pages/components/unsubscribed-page').then((m) => ({
            Component: m.UnsubscribedPage,
          })),
      },
      {
        path: 'formresponse',
        lazy: () =>
          import('../features/public-pages/components/form-response-page').then((m) => ({
            Component: m.FormResponsePage,
          })),
      },
      ...['signup', 'get-started'].map((path): RouteObject => ({
        path,
        lazy: () => import('./routes/onboarding-route').then((m) => ({ Component: m.OnboardingRoute })),
      })),
      {
        path: 'wrong-plan',
        lazy: () =>
          import('../features/billing-helpers/components/wrong-plan-page').then((m) => ({
            Component: m.WrongPlanPage,
          })),
      },
      {
        path: 'stop-automatic-renewal',
        lazy: () =>
          import('../features/billing-helpers/components/stop-automatic-renewal-page').then((m) => ({
            Component: m.StopAutomaticRenewalPage,
          })),
      },
      {
        // Guarded pages are React.lazy components rendered inside the guard's Suspense, not route
        // `lazy`: the router would download a route's code before the guard could redirect.
        Component: RequireSession,
        children: [
          { index: true, element: <HomeRedirect /> },
          { path: 'settings/billing', element: <BillingRedirect /> },
          { path: 'invitations/:invitationToken/:status?', element: <InvitationRoute /> },
          { path: ':workspaceId/:workspaceSlug/*', element: <SpaceShell /> },
          // A one-segment path is no space: go to the default space.
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
