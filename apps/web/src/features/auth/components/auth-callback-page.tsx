import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
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
