import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isGrantState, withGrantOutcome } from '@mergedesk/domain/session/compose-grant';
import { takeGrantReturn } from '../../../lib/compose-grant';
import { FullPageLoader } from '../../../components/full-page-states/full-page-loader';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session-context';
import type { LoginLocationState } from './login-page';

/**
 * /auth/callback: the provider sends the browser back here with `code` and `state` (or `error`).
 * The session exchanges the code, creates the account when asked, loads the user, and this page
 * goes on to the destination — or back to /login, where any session error is shown.
 */
export function AuthCallbackPage() {
  const [searchParams] = useSearchParams();
  return isGrantState(searchParams.get('state')) ? <ComposeGrantCallback /> : <SignInCallback />;
}

function SignInCallback() {
  usePageTitle('Signing in');
  const { completeSignIn } = useSession();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    void completeSignIn({
      code: searchParams.get('code'),
      state: searchParams.get('state'),
      iss: searchParams.get('iss'),
      error: searchParams.get('error'),
    }).then((result) => {
      if (result.ok) {
        void navigate(result.destination, { replace: true });
      } else {
        const state: LoginLocationState = result.notice ? { notice: result.notice } : null;
        const target = result.continue ? `/login?continue=${encodeURIComponent(result.continue)}` : '/login';
        void navigate(target, { replace: true, state });
      }
    });
  }, [completeSignIn, navigate, searchParams]);

  return <FullPageLoader label="Signing you in…" />;
}

/**
 * The end of a permission round trip (issue 9): not a sign-in. Once the session is restored, the
 * permission is added to it — or, cancelled at the provider or answered by another account, the
 * person goes back to the page that asked, which says the draft could not be created.
 */
function ComposeGrantCallback() {
  usePageTitle('Gmail permission');
  const session = useSession();
  const { status, completeComposeGrant } = session;
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current || status === 'loading') return;
    handled.current = true;
    const back = takeGrantReturn() ?? '/';
    if (status === 'signedOut') {
      void navigate(`/login?continue=${encodeURIComponent(back)}`, { replace: true });
      return;
    }
    void completeComposeGrant({
      code: searchParams.get('code'),
      state: searchParams.get('state'),
      iss: searchParams.get('iss'),
      error: searchParams.get('error'),
    }).then((result) => {
      const destination =
        result.outcome === 'granted' ? (result.continue ?? back) : withGrantOutcome(back, result.outcome);
      void navigate(destination, { replace: true });
    });
  }, [status, completeComposeGrant, navigate, searchParams]);

  return <FullPageLoader label="Adding the Gmail permission…" />;
}
