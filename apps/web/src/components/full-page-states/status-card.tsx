import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { CenteredPage } from './centered-page';

type StatusKind = 'success' | 'warning' | 'error';

const ICONS = {
  success: { Icon: IconCircleCheck, color: 'teal' },
  warning: { Icon: IconAlertTriangle, color: 'yellow' },
  error: { Icon: IconCircleX, color: 'red' },
} as const satisfies Record<StatusKind, { Icon: typeof IconCircleCheck; color: string }>;

type StatusCardProps = {
  kind: StatusKind;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
};

/** Spec 000 §2 "Full-page states": a status card with a success, warning or error icon. */
export function StatusCard({ kind, title, description, children }: StatusCardProps) {
  const { Icon, color } = ICONS[kind];
  return (
    <CenteredPage>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden="true">
          <Icon size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {title}
        </Title>
        {description != null && <Text c="dimmed">{description}</Text>}
        {children}
      </Stack>
    </CenteredPage>
  );
}
