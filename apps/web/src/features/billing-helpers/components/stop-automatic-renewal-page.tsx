import { Button, Text } from '@mantine/core';
import { useLocation } from 'react-router';
import { StatusCard } from '../../../components/full-page-states/status-card';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session-context';

/**
 * /stop-automatic-renewal (spec 001 "Stop automatic renewal"). Placeholder: a later issue builds
 * the confirmation and the results. Reachable signed out, where it asks to sign in first.
 */
export function StopAutomaticRenewalPage() {
  usePageTitle('Stop automatic renewal');
  const { status, signIn } = useSession();
  const location = useLocation();
  return (
    <StatusCard kind="warning" title="Are you sure you want to stop the automatic renewal?">
      {status === 'signedOut' && (
        <>
          <Text>Sign in with your Google account to stop the automatic renewal.</Text>
          <Button onClick={() => signIn({ continue: `${location.pathname}${location.search}` })}>
            Sign in
          </Button>
        </>
      )}
    </StatusCard>
  );
}
