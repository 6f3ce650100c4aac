import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { AlertTone, AppAlert } from '../lib/alerts';
import { dismissAlert, markAlertsSeen, useAlertState } from '../lib/alerts';

/** An alert derived from data (e.g. the legacy-plan notice), optionally with a link. */
export type AlertNotice = AppAlert & { link?: { label: string; to: string } };

export type AlertAreaProps = {
  /** The current path: alerts are marked as seen on it (spec 000 §4 "cleared on navigation once seen"). */
  path: string;
  /** Banners derived from data rather than set by an action; hidden once their key is dismissed. */
  notices?: readonly AlertNotice[];
  /** Slot for the billing warnings (payment failed, confirmation needed, …) built with billing. */
  billingWarnings?: ReactNode;
};

const TONE_COLOR: Record<AlertTone, string> = {
  success: 'teal',
  info: 'blue',
  warning: 'yellow',
  error: 'red',
};
const TONE_ICON: Record<AlertTone, ReactNode> = {
  success: <IconCircleCheck aria-hidden />,
  info: <IconInfoCircle aria-hidden />,
  warning: <IconAlertTriangle aria-hidden />,
  error: <IconCircleX aria-hidden />,
};

/**
 * The banner area at the top of space pages (spec 000 §2): billing warnings, derived notices and
 * the one-shot alerts of lib/alerts. Errors and warnings are announced as alerts, the rest as
 * status messages. Each banner has a 'Dismiss' button; the dismissal is remembered per key.
 */
export function AlertArea({ path, notices = [], billingWarnings }: AlertAreaProps) {
  const { alerts, isDismissed } = useAlertState();
  const visible: AlertNotice[] = [
    ...notices.filter((notice) => !isDismissed(notice.key)),
    ...alerts.filter((alert) => alert.showOn === undefined || alert.showOn === path),
  ];
  const visibleKeys = visible.map((alert) => alert.key).join('\n');

  useEffect(() => {
    if (visibleKeys) markAlertsSeen(visibleKeys.split('\n'), path);
  }, [visibleKeys, path]);

  if (visible.length === 0 && !billingWarnings) return null;

  return (
    <Stack gap="sm" mb="md">
      {billingWarnings}
      {visible.map((alert) => (
        <Alert
          key={alert.key}
          role={alert.tone === 'error' || alert.tone === 'warning' ? 'alert' : 'status'}
          color={TONE_COLOR[alert.tone]}
          variant="light"
          icon={TONE_ICON[alert.tone]}
          title={alert.title}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => dismissAlert(alert.key)}
        >
          {alert.description && <Text size="sm">{alert.description}</Text>}
          {alert.link && (
            <Anchor component={Link} to={alert.link.to} size="sm" fw={500}>
              {alert.link.label}
            </Anchor>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
