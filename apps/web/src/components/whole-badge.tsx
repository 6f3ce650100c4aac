import { Badge, type BadgeProps } from '@mantine/core';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/**
 * A badge that is never cut to 'PERSON…' (issue 9): in a table cell that fits its content, the
 * badge keeps the width of its whole label.
 */
export function WholeBadge({
  children,
  ...props
}: BadgeProps & Omit<ComponentPropsWithoutRef<'div'>, keyof BadgeProps> & { children: ReactNode }) {
  return (
    <Badge {...props} miw="max-content" maw="none" style={{ flexShrink: 0 }}>
      {children}
    </Badge>
  );
}
