import { z } from 'zod';

/**
 * Which links a merge may track (issue 10, "open redirects by registration"): every tracked link
 * gets a click URL on our domain that redirects to it, so only plain web links are accepted —
 * http or https, absolute, without a user name or password (`https://good.example@evil.example/`
 * reads as one host and goes to another) — and each is stored in its WHATWG URL form, so an
 * internationalised host is kept in punycode (`bücher.de` → `xn--bcher-kva.de`) and one link has
 * one spelling.
 */

export const MAX_LINK_LENGTH = 2048;

export const INVALID_LINK_MESSAGE = 'Links must be absolute http or https URLs.';
export const LINK_CREDENTIALS_MESSAGE = 'Links must not contain a user name or password.';

export type TrackedLinkCheck = { ok: true; url: string } | { ok: false; message: string };

/** zod's URL check parses with WHATWG URL; `normalize` outputs its `href`. */
const webUrlSchema = z.url({ protocol: /^https?$/, normalize: true });
/** A user name or password in a normalised href: an '@' before the path (the host cannot hold one). */
const CREDENTIALS = /^https?:\/\/[^/?#]*@/;

/** The normalised link to store and redirect to, or why it cannot be tracked. */
export function checkTrackedLink(value: string): TrackedLinkCheck {
  if (value.length > MAX_LINK_LENGTH) return invalid(INVALID_LINK_MESSAGE);
  const parsed = webUrlSchema.safeParse(value);
  if (!parsed.success) return invalid(INVALID_LINK_MESSAGE);
  const url = parsed.data;
  if (CREDENTIALS.test(url)) return invalid(LINK_CREDENTIALS_MESSAGE);
  // The punycode form of a long internationalised host can be longer than what was sent.
  if (url.length > MAX_LINK_LENGTH) return invalid(INVALID_LINK_MESSAGE);
  return { ok: true, url };
}

/** The normalised form of a link that passed checkTrackedLink. */
export function normalizeTrackedLink(value: string): string {
  const checked = checkTrackedLink(value);
  if (!checked.ok) throw new Error(checked.message);
  return checked.url;
}

const invalid = (message: string): TrackedLinkCheck => ({ ok: false, message });
