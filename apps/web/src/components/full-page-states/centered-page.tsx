import type { ReactNode } from 'react';
import { Center, Paper } from '@mantine/core';

/** A card centred on an otherwise empty page (sign-in, public pages, full-page states). */
export function CenteredPage({ children, maxWidth = 480 }: { children: ReactNode; maxWidth?: number }) {
  return (
    <Center component="main" mih="100dvh" p={{ base: 'sm', xs: 'md' }} bg="var(--mantine-color-gray-0)">
      <Paper withBorder shadow="xs" radius="md" p={{ base: 'md', xs: 'xl' }} w="100%" maw={maxWidth}>
        {children}
      </Paper>
    </Center>
  );
}
