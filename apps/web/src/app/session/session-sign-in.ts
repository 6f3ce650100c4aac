import type { TokenResponse } from '@mergedesk/domain/api/auth';
import { WRONG_ACCOUNT_REASON } from '@mergedesk/domain/session/compose-grant';
import { safeContinuePath, signInDestination } from '@mergedesk/domain/session/continue-path';
import { ApiError } from '../../lib/api-client';
import type {
  ComposeGrantResult,
  SignInCallbackParams,
  SignInCallbackResult,
} from '../../lib/session-context';
import { applySession, clearTimers, setState, SIGNED_OUT, type SessionCore } from './session-core';
import { endSession } from './session-end';
import { connect } from './session-lifecycle';

/** The /auth/callback of a sign-in (spec 000 §4 "Sign-in"): code → tokens → account → me. */
export async function runSignInCallback(
  core: SessionCore,
  params: SignInCallbackParams,
): Promise<SignInCallbackResult> {
  const { deps } = core;
  if (params.error || !params.code || !params.state) {
    const cancelled = params.error === 'access_denied';
    if (core.state.status !== 'signedIn') {
      setState(core, { status: 'signedOut', error: cancelled ? null : { kind: 'google' } });
    }
    return { ok: false, notice: cancelled ? 'access-denied' : null };
  }
  core.generation += 1;
  const startedAt = core.generation;
  clearTimers(core);
  setState(core, { status: 'loading', ...SIGNED_OUT, error: null, connection: 'online' });
  let tokens: TokenResponse;
  try {
    tokens = await deps.exchangeCode({
      code: params.code,
      state: params.state,
      ...(params.iss ? { iss: params.iss } : {}),
    });
  } catch {
    if (startedAt === core.generation) setState(core, { status: 'signedOut', error: { kind: 'google' } });
    return { ok: false, notice: null };
  }
  if (startedAt !== core.generation) return { ok: false, notice: null };
  if (!tokens.accessToken || !tokens.sessionId || !tokens.profile?.email) {
    setState(core, { status: 'signedOut', error: { kind: 'google' } });
    return { ok: false, notice: null };
  }
  applySession(core, tokens);
  const now = deps.now();
  deps.activity.recordLogin(now);
  deps.activity.recordActivity(now);
  deps.track({ event_type: 'webapp_login_request', message: 'success' });

  if (tokens.intent.createAccount) {
    try {
      await deps.ensureUser(tokens.profile.email);
    } catch {
      if (startedAt === core.generation)
        await endSession(core, { error: { kind: 'can-not-create-user' }, revoke: true });
      return { ok: false, notice: null };
    }
    if (startedAt !== core.generation) return { ok: false, notice: null };
  }
  if (!(await connect(core, startedAt, { refreshFirst: false }))) {
    // The 'no-user' state keeps where the person was going (e.g. an invitation link).
    const continuePath = safeContinuePath(tokens.intent.continue);
    return { ok: false, notice: null, ...(continuePath ? { continue: continuePath } : {}) };
  }
  deps.sync.publish({ type: 'signed-in', sessionId: tokens.sessionId });
  deps.track({ event_type: 'webapp_login_request_successful', message: 'success' });

  return { ok: true, destination: signInDestination(tokens.intent) };
}

/** /auth/callback of a permission round trip (issue 9): adds the scope, never signs in. */
export async function completeComposeGrant(
  core: SessionCore,
  params: SignInCallbackParams,
): Promise<ComposeGrantResult> {
  if (params.error || !params.code || !params.state) {
    return { outcome: params.error === 'access_denied' ? 'cancelled' : 'failed' };
  }
  if (core.state.status !== 'signedIn') return { outcome: 'failed' };
  try {
    const result = await core.deps.grantPermission({
      code: params.code,
      state: params.state,
      ...(params.iss ? { iss: params.iss } : {}),
    });
    setState(core, { scopes: result.scopes });
    return { outcome: 'granted', continue: safeContinuePath(result.intent.continue) };
  } catch (error) {
    const wrongAccount = error instanceof ApiError && error.reason === WRONG_ACCOUNT_REASON;
    return { outcome: wrongAccount ? 'wrong-account' : 'failed' };
  }
}
