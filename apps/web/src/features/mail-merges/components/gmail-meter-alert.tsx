import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import { canSeeGmailMeter } from '@mergedesk/domain/roles/permissions';
import { useGmailMeter } from '../api/get-gmail-meter';

/**
 * Google's bulk-sender meter of the space (issue 24), for its owner only (not even asked for
 * otherwise): from 'warning' the server's message, as a status; 'over' as an alert. Nothing while
 * the space is well below, nor when the meter cannot be had (it is advice, not the page's content).
 */
export function GmailMeterAlert({ space }: { space: Pick<UserWorkspace, 'workspaceId' | 'userRole'> }) {
  const meter = useGmailMeter(space.workspaceId, { enabled: canSeeGmailMeter({ role: space.userRole }) });
  const data = meter.data;
  if (data === undefined || data.level === 'ok' || !data.message) return null;
  const over = data.level === 'over';
  return (
    <Alert
      role={over ? 'alert' : 'status'}
      color={over ? 'red' : 'yellow'}
      variant="light"
      icon={over ? <IconAlertTriangle aria-hidden /> : <IconInfoCircle aria-hidden />}
    >
      {data.message}
    </Alert>
  );
}
