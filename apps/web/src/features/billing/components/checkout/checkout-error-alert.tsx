import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SUMMARY_ERROR } from '@mergedesk/domain/billing/display';
import { refusalMessage } from '../../../../lib/refusal-message';

/**
 * The error banner at the top of a checkout step (spec 001 §8: 'An error occurred. Please try
 * again.', the summary's 'An error occurred' …); nothing while there is no error.
 */
export function CheckoutErrorAlert({ title, children }: { title: string | null; children?: ReactNode }) {
  if (title === null) return null;
  return (
    <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={title}>
      {children}
    </Alert>
  );
}

/** The summary pages' banner (spec 001 §8) once confirming the change failed. */
export function SummaryErrorAlert({ failed, error }: { failed: boolean; error?: unknown }) {
  // Issue 22: a refusal shows the server's reason, not only the generic text.
  return (
    <CheckoutErrorAlert title={failed ? SUMMARY_ERROR.title : null}>
      {refusalMessage(error, SUMMARY_ERROR.description)}
    </CheckoutErrorAlert>
  );
}
