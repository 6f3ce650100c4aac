import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { GmailConnectLink } from '../../../components/gmail-connect-link';
import { GMAIL_TEXTS } from '../../../lib/gmail-connect';

/** One labelled fact of a merge's sending ("Status: Sending"), in the panel and on the progress page. */
export function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );
}

/** A merge stopped because its sender's Gmail grant is gone, with the way to reconnect. */
export function MergePausedAlert() {
  return (
    <Alert color="yellow" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />}>
      <Stack gap={4} align="flex-start">
        <Text size="sm">{GMAIL_TEXTS.mergePaused}</Text>
        <GmailConnectLink />
      </Stack>
    </Alert>
  );
}
