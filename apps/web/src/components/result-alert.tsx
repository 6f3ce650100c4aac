import { Alert } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type ResultAlertValue = { severity: 'success' | 'warning' | 'error'; message: string };

const COLOR = { success: 'teal', warning: 'yellow', error: 'red' } as const;
const ICON: Record<ResultAlertValue['severity'], ReactNode> = {
  success: <IconCircleCheck aria-hidden />,
  warning: <IconAlertTriangle aria-hidden />,
  error: <IconCircleX aria-hidden />,
};

/**
 * The alert strip of a page (spec 002 §2.4): the result of the last action. The live region is
 * always in the page, so screen readers announce each new message; errors and warnings as alerts.
 */
export function ResultAlert({ alert, onDismiss }: { alert: ResultAlertValue | null; onDismiss: () => void }) {
  return (
    <div aria-live="polite">
      {alert && (
        <Alert
          key={alert.message}
          role={alert.severity === 'success' ? 'status' : 'alert'}
          color={COLOR[alert.severity]}
          variant="light"
          icon={ICON[alert.severity]}
          title={alert.message}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={onDismiss}
        />
      )}
    </div>
  );
}
