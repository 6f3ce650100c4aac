import { useEffect } from 'react';
import { Anchor, Text } from '@mantine/core';
import { useRouteError } from 'react-router';
import { reportError } from '../../lib/analytics';
import { usePageTitle } from '../../lib/page-title';
import { SUPPORT_URL } from '../../lib/product';
import { StatusCard } from './status-card';

/** Spec 000 §2 "Full-page states": the generic error screen, also the router's errorElement. */
export function ErrorScreen() {
  usePageTitle('Error');
  return (
    <StatusCard kind="error" title="Oops..." description="Sorry, there was a problem.">
      <Anchor
        href={window.location.href}
        onClick={(event) => {
          event.preventDefault();
          window.location.reload();
        }}
      >
        Try again
      </Anchor>
      <Text size="sm" c="dimmed">
        If the problem persists{' '}
        <Anchor href={SUPPORT_URL} target="_blank" rel="noopener noreferrer" inherit>
          contact us
        </Anchor>
      </Text>
    </StatusCard>
  );
}

/** The router's error boundary: reports the error it caught (`webapp_error`) and shows the error screen. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    reportError(error, 'error_boundary');
  }, [error]);
  return <ErrorScreen />;
}
