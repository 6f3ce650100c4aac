import { Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/page-title';

export type MembersPageProps = {
  /** 'Members' for per-seat spaces (newer screen), 'Users' for per-user spaces (older screen). */
  heading: string;
};

/** Placeholder: the seat-based Members and legacy Manage Users screens (spec 002 §2.7, §2.8) come later. */
export function MembersPage({ heading }: MembersPageProps) {
  usePageTitle(heading);
  return (
    <Stack gap="lg">
      <Title order={1}>{heading}</Title>
    </Stack>
  );
}
