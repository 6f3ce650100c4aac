import { notifyManager } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter, preloadSignedInApp } from './app/router';
import {
  browserActivityStore,
  browserAuthFlag,
  browserSessionDependencies,
} from './app/session/browser-session';
import { createSessionController } from './app/session/session-controller';
import { connectSession, SessionProvider } from './app/session/session-provider';
import { installErrorReporting } from './lib/analytics';
import { runInBackgroundTask } from './lib/background-task';
import { isGrantState } from '@mergedesk/domain/session/compose-grant';

installErrorReporting();
// TanStack Query tells React about answers in a batch it schedules (setTimeout 0 by default). In a
// background task instead, an answer that arrives while React renders a page in slices
// (lib/deferred-render.tsx) waits for that render to finish instead of interrupting it: React
// would restart it, or finish it synchronously in one long task (issue 11).
notifyManager.setScheduler(runInBackgroundTask);

// Someone who signed in on this browser (or is signing in now) will see the signed-in app.
if (browserAuthFlag.isSet() || window.location.pathname === '/auth/callback') preloadSignedInApp();

const queryClient = createQueryClient();
const router = createAppRouter();
// flushSync: the new page is on screen when navigate() resolves, so the session can sign out
// right after without the page being left seeing it first (its auth guard would redirect).
const session = createSessionController(
  browserSessionDependencies({ queryClient, navigate: (to) => router.navigate(to, { flushSync: true }) }),
);

// The callback page signs in with the code in its URL; restoring an older session there would
// race it. A permission round trip (issue 9) is no sign-in: it needs the session restored.
const skipRefresh =
  window.location.pathname === '/auth/callback' &&
  !isGrantState(new URLSearchParams(window.location.search).get('state'));
// The refresh request leaves now, not after React's first render (issue 11).
void connectSession(session, { skipRefresh });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <SessionProvider
        controller={session}
        skipRefresh={skipRefresh}
        recordActivity={browserActivityStore.recordActivity}
      >
        <RouterProvider router={router} />
      </SessionProvider>
    </AppProviders>
  </StrictMode>,
);
