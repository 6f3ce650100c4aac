import { Anchor, Button, Center, Loader, Text } from '@mantine/core';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { STOP_RENEWAL_MESSAGES } from '@mergedesk/domain/api/billing-paths';
import { StatusCard } from '../../../components/full-page-states/status-card';
import { usePageTitle } from '../../../lib/page-title';
import { HELP_CENTER_URL } from '../../../lib/product';
import { useSession } from '../../../lib/session-context';
import { useCancelAutoRenewal, useCancellationLicence } from '../api/cancellation-licence';

const STOP_RENEWAL_TITLE = 'Are you sure you want to stop the automatic renewal?';
/** Spec 001 §2 says what the warning says; the words are ours. */
const STOP_RENEWAL_WARNING =
  'This action is permanent: to have a paid plan again after the end of your licence, you will need to buy a new plan.';

/**
 * /stop-automatic-renewal (spec 001 §2 "Stop-automatic-renewal page", §4 "Stop renewal"): for a
 * PayPal-paid licence only. Signed out it asks to sign in first; signed in, 'Confirm cancellation'
 * stops the renewal and the result is the query success=1 or success=0.
 */
export function StopAutomaticRenewalPage() {
  usePageTitle('Stop automatic renewal');
  const { status, signIn } = useSession();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const result = searchParams.get('success');
  const signedIn = status === 'signedIn';
  const licence = useCancellationLicence(signedIn && result === null);
  const cancel = useCancelAutoRenewal();

  if (result === '1') {
    return (
      <StatusCard kind="success" title="Autorenewal stopped successfully">
        <Text>Check your payments at PayPal: no further payment will be taken for this licence.</Text>
      </StatusCard>
    );
  }
  if (result === '0') {
    return (
      <StatusCard kind="error" title="Sorry, an error ocurred">
        <Text>
          Please try again later, or visit our{' '}
          <Anchor href={HELP_CENTER_URL} target="_blank" rel="noopener noreferrer">
            help center
          </Anchor>
          .
        </Text>
      </StatusCard>
    );
  }
  if (status === 'signedOut') {
    return (
      <StatusCard kind="warning" title={STOP_RENEWAL_TITLE}>
        <Text>{STOP_RENEWAL_WARNING}</Text>
        <Text>Sign in with your Google account to stop the automatic renewal.</Text>
        <Button onClick={() => signIn({ continue: `${location.pathname}${location.search}` })}>
          Sign in
        </Button>
      </StatusCard>
    );
  }
  if (status === 'loading' || licence.isPending) {
    return (
      <Center mih="60vh">
        <Loader aria-label="Loading your licence" />
      </Center>
    );
  }
  // Spec 001 §2: no licence, or one not paid with PayPal, goes to '/'.
  if (licence.isError || licence.data === null || licence.data.paymentSource !== 'PAYPAL') {
    return <Navigate to="/" replace />;
  }
  // Issue 22: a licence whose renewal is already stopped is not offered the confirmation again
  // (the server would refuse it with this same message).
  if (!licence.data.autoRenew) {
    return (
      <StatusCard kind="success" title={STOP_RENEWAL_MESSAGES.alreadyStopped}>
        <Text>Check your payments at PayPal: no further payment will be taken for this licence.</Text>
      </StatusCard>
    );
  }
  const subscriptionId = licence.data.subscriptionId;
  const confirm = () =>
    cancel.mutate(subscriptionId, {
      onSuccess: () => setSearchParams({ success: '1' }, { replace: true }),
      onError: () => setSearchParams({ success: '0' }, { replace: true }),
    });
  return (
    <StatusCard kind="warning" title={STOP_RENEWAL_TITLE}>
      <Text>{STOP_RENEWAL_WARNING}</Text>
      <Button color="red" onClick={confirm} loading={cancel.isPending}>
        Confirm cancellation
      </Button>
    </StatusCard>
  );
}
