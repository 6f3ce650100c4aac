import '@mantine/core/styles.css';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { theme } from './theme';

type AppProvidersProps = { queryClient: QueryClient; children: ReactNode };

/**
 * Mantine (theme) and TanStack Query around the whole app. @mantine/notifications and
 * @mantine/modals are not used (nor dependencies): their providers would put Modal, ScrollArea and
 * floating-ui into every page's first download
 * (docs/decisions/292-nothing-on-the-first-download-that-no-page-uses.md).
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}
