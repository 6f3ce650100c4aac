import { safeContinuePath } from '@mergedesk/domain/session/continue-path';

/**
 * Where a permission round trip (issue 9) goes back to when the provider answers without a code
 * (the person cancelled): the page that asked, kept for this tab while the browser is away.
 */
const GRANT_RETURN_KEY = 'md_grant_return';

export function rememberGrantReturn(path: string): void {
  try {
    window.sessionStorage.setItem(GRANT_RETURN_KEY, path);
  } catch {
    // Without storage a cancelled round trip lands on the default page.
  }
}

/** The remembered page (once: it is forgotten), if it is a safe continue path. */
export function takeGrantReturn(): string | null {
  try {
    const path = window.sessionStorage.getItem(GRANT_RETURN_KEY);
    window.sessionStorage.removeItem(GRANT_RETURN_KEY);
    return safeContinuePath(path);
  } catch {
    return null;
  }
}
