import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SessionContext, type SessionContextValue } from '../lib/session-context';
import { theme } from '../app/theme';
import { fakeSession } from './fake-session';

/**
 * What `RouterProvider` from 'react-router/dom' passes as `flushSync` (importing that entry in
 * Vitest loads a second copy of react-router): router updates asked to be synchronous are.
 */
export const routerFlushSync = (update: () => unknown): undefined => {
  flushSync(update);
  return undefined;
};

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

type Options = {
  session?: SessionContextValue;
  queryClient?: QueryClient;
};

export function TestProviders({
  children,
  session = fakeSession(),
  queryClient = createTestQueryClient(),
}: Options & { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {/* env="test": no transitions and no portals, so what a test waits for does not depend on the
          machine's load (a tooltip's transition outlasted findByRole's second on a busy machine). */}
      <MantineProvider theme={theme} env="test">
        <SessionContext value={session}>{children}</SessionContext>
      </MantineProvider>
    </QueryClientProvider>
  );
}

/** Renders `routes` in a memory router at `path`, inside the app's providers. */
/** `path` is the first address, or a location with router state (`{ pathname, search, state }`). */
export function renderRoutes(
  routes: RouteObject[],
  path: string | { pathname: string; search?: string; state?: unknown },
  options: Options = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <TestProviders {...options}>
      <RouterProvider router={router} flushSync={routerFlushSync} />
    </TestProviders>,
  );
  return { ...result, router };
}

/** Renders one element as the page at `path`. */
export function renderPage(element: ReactElement, path = '/', options: Options = {}) {
  const pathname = path.split('?')[0] ?? '/';
  return renderRoutes(
    [
      { path: pathname, element },
      { path: '*', element: null },
    ],
    path,
    options,
  );
}
