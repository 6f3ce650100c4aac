/** Plain (non-httpOnly) cookies the web app itself reads and writes. */

export type CookieOptions = {
  /** Lifetime in seconds; omitted for a browser-session cookie. */
  maxAgeSeconds?: number;
  path?: string;
  sameSite?: 'Lax' | 'Strict' | 'None';
};

export function readCookie(name: string): string | null {
  let all: string;
  try {
    all = document.cookie;
  } catch {
    return null;
  }
  for (const part of all.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) {
      const value = rest.join('=');
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

/** Writes the cookie and reads it back; false when the browser refused it. */
export function writeCookie(name: string, value: string, options: CookieOptions = {}): boolean {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (window.location.protocol === 'https:') parts.push('Secure');
  try {
    document.cookie = parts.join('; ');
  } catch {
    return false;
  }
  return readCookie(name) === value;
}

export function deleteCookie(name: string, path = '/'): void {
  try {
    document.cookie = `${name}=; Path=${path}; Max-Age=0; SameSite=Lax`;
  } catch {
    // cookies are blocked: nothing to delete
  }
}

/**
 * Spec 000 §2 "Full-page states": the dashboard needs cookies (the refresh credential is an
 * httpOnly cookie). False when the browser reports them off or a test cookie does not stick.
 */
export function areCookiesEnabled(): boolean {
  if (typeof navigator !== 'undefined' && navigator.cookieEnabled === false) return false;
  const probe = 'md_cookie_probe';
  const ok = writeCookie(probe, '1', { maxAgeSeconds: 60 });
  deleteCookie(probe);
  return ok;
}
