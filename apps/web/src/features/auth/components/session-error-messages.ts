import type { SessionError } from '../../../lib/session-context';

export type SessionErrorMessage = { title: string; message: string };

/**
 * Copy for the session errors of spec 000 §8. The spec names only the keys; these texts are ours
 * (docs/decisions/063-session-error-copy.md).
 */
export function sessionErrorMessage(error: SessionError, product: string): SessionErrorMessage {
  switch (error.kind) {
    case 'session-expired':
      return { title: 'Session expired', message: 'Your session has expired. Please sign in again.' };
    case 'incognito-mode':
      return {
        title: 'Your browser is blocking site data',
        message: `${product} needs to store a little data in your browser, which private or incognito windows often block. Open ${product} in a normal window, or allow site data for this site, then sign in again.`,
      };
    case 'cookie-error':
      return {
        title: 'Your browser refused a cookie',
        message: `We could not keep you signed in because your browser blocked a cookie. Allow cookies for this site, then sign in again.`,
      };
    case 'no-user':
      return {
        title: `No ${product} account exists for ${error.email}.`,
        message: `Create an account with this Google account, or sign in with another one.`,
      };
    case 'can-not-create-user':
      return {
        title: 'We could not create your account',
        message: `Your ${product} account could not be created. Please try again in a few minutes or contact us.`,
      };
    case 'google':
      return {
        title: 'Sign-in with Google failed',
        message: 'We could not complete the sign-in with your Google account. Please try again.',
      };
  }
}
