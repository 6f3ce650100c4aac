import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { CenteredPage } from '../../../components/full-page-states/centered-page';
import { FullPageLoader } from '../../../components/full-page-states/full-page-loader';
import { ProductMark } from '../../../components/full-page-states/product-mark';
import { safeContinuePath, signInDestination } from '@mergedesk/domain/session/continue-path';
import { usePageTitle } from '../../../lib/page-title';
import { PRODUCT_NAME } from '../../../lib/product';
import { useSession } from '../../../lib/session-context';
import { GoogleLogo } from './google-logo';
import { SessionErrorAlert } from './session-error-alert';

/** Router state of /login set by /auth/callback when the person cancelled at the provider. */
export type LoginLocationState = { notice?: 'access-denied' } | null;

/** /login: the sign-in page (spec 000 §2; its design is ours). */
export function LoginPage() {
  usePageTitle('Sign in');
  const session = useSession();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const continuePath = safeContinuePath(searchParams.get('continue'));
  // Spec 000 §4: /login?redirectToBilling=true lands on billing after signing in.
  const redirectToBilling = searchParams.get('redirectToBilling') === 'true';
  const notice = (location.state as LoginLocationState)?.notice;

  if (session.status === 'loading') return <FullPageLoader label="Checking your session…" />;
  if (session.status === 'signedIn')
    return <Navigate to={signInDestination({ continue: continuePath, redirectToBilling })} replace />;

  const signInOptions = {
    ...(continuePath ? { continue: continuePath } : {}),
    ...(redirectToBilling ? { redirectToBilling: true } : {}),
  };
  return (
    <CenteredPage maxWidth={440}>
      <Stack gap="lg">
        <ProductMark />
        <Stack gap={4}>
          <Title order={1} size="h2">
            Sign in to {PRODUCT_NAME}
          </Title>
          <Text c="dimmed">Use your Google account to open your {PRODUCT_NAME} dashboard.</Text>
        </Stack>
        {notice === 'access-denied' && !session.error && (
          <Alert role="status" variant="light" color="gray" icon={<IconInfoCircle aria-hidden="true" />}>
            Sign-in was cancelled. You can sign in again whenever you are ready.
          </Alert>
        )}
        {session.error && (
          <SessionErrorAlert
            error={session.error}
            signIn={session.signIn}
            onClose={session.clearError}
            continuePath={continuePath}
          />
        )}
        <Button
          size="md"
          variant="default"
          leftSection={<GoogleLogo />}
          onClick={() => session.signIn(signInOptions)}
          fullWidth
        >
          Sign in with Google
        </Button>
        <Text size="sm" ta="center">
          New to {PRODUCT_NAME}?{' '}
          <Anchor component={Link} to="/signup">
            Create an account
          </Anchor>
        </Text>
      </Stack>
    </CenteredPage>
  );
}
