import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SuccessBanner as SuccessBannerValue } from '@mergedesk/domain/billing/billing-query';

export type SuccessBannerProps = {
  banner: SuccessBannerValue;
  membersPath: string;
  onDismiss: () => void;
};

/** A success banner of spec 001 §2 "Billing banners"; the per-seat purchase adds 'Manage members'. */
export function SuccessBanner({ banner, membersPath, onDismiss }: SuccessBannerProps) {
  return (
    <Alert
      role="status"
      color="teal"
      variant="light"
      icon={<IconCircleCheck aria-hidden />}
      title={banner.title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      {(banner.description || banner.manageMembers) && (
        <Stack gap="xs" align="flex-start">
          {banner.description && <Text size="sm">{banner.description}</Text>}
          {banner.manageMembers && (
            <Button component={Link} to={membersPath} size="xs" variant="light" color="teal">
              Manage members
            </Button>
          )}
        </Stack>
      )}
    </Alert>
  );
}
