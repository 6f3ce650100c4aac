import { useSession } from '../../lib/session-context';
import { OnboardingPage } from '../../features/onboarding/components/onboarding-page';
import { useCurrentUser } from '../../features/users/api/get-current-user';

/** /signup and /get-started: the onboarding, given the signed-in user's installation time. */
export function OnboardingRoute() {
  const { status } = useSession();
  const isSignedIn = status === 'signedIn';
  const user = useCurrentUser({ enabled: isSignedIn });
  return (
    <OnboardingPage
      installationTimestamp={user.data?.installationTimestamp}
      isUserLoaded={isSignedIn && user.isSuccess}
      isLoading={isSignedIn && user.isPending}
    />
  );
}
