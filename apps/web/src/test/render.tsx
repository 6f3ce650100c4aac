import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { SessionContext, type SessionContextValue } from '../lib/session-context';
import { theme } from '../app/theme';
import { fakeSession } from './fake-session';

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
      <MantineProvider theme={theme}>
        <SessionContext value={session}>{children}</SessionContext>
      </MantineProvider>
    </QueryClientProvider>
  );
}

/** Renders `routes` in a memory router at `path`, inside the app's providers. */
export function renderRoutes(routes: RouteObject[], path: string, options: Options = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <TestProviders {...options}>
      <RouterProvider router={router} />
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
