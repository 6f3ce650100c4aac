import type { SignInOptions } from '../../../lib/session-context';
import { endpointUrl } from '../../../lib/api-client';
import { safeContinuePath } from '@mergedesk/domain/session/continue-path';

/** GET /api/v1/auth/authorize: the browser navigates here to start signing in with Google. */
export function signInUrl(options: SignInOptions = {}): string {
  const continuePath = safeContinuePath(options.continue);
  return endpointUrl('auth.authorize', {
    query: {
      continue: continuePath ?? undefined,
      createAccount: options.createAccount ? 'true' : undefined,
      redirectToBilling: options.redirectToBilling ? 'true' : undefined,
      scope: options.scope,
      grant: options.grant,
      loginHint: options.loginHint || undefined,
    },
  });
}
