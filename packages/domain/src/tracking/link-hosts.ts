import { z } from 'zod';
import type { SpacePlan } from '../plans/plans';

/**
 * The link policy of issue 20 ("links that cannot be turned into a redirect service";
 * docs/decisions/327-link-policy.md): every click URL redirects only to a link registered with its
 * merge (links.ts); on top of that, a space on the Free plan registers links to a limited number
 * of distinct hosts a day, and hosts on the operator's blocklist get a warning page instead of a
 * redirect.
 */

/** Distinct link hosts a Free space may register in 24 hours. */
export const FREE_SPACE_LINK_HOSTS_PER_DAY = 20;

export const LINK_HOSTS_LIMIT_REASON = 'LINK_HOSTS_PER_DAY';
export const LINK_HOSTS_LIMIT_MESSAGE =
  `On the Free plan, the links of a space's mail merges can go to at most ${FREE_SPACE_LINK_HOSTS_PER_DAY} different websites in 24 hours. ` +
  'Send this merge later, with fewer different websites, or upgrade to Pro.';

/** The host of a normalised URL (WHATWG href): bracketed IPv6, or everything up to port or path. */
const HOST_OF_HREF = /^[a-z][a-z0-9+.-]*:\/\/(\[[^\]]*\]|[^/:?#]*)/i;

/** The host of a normalised tracked link (links.ts): lower case, punycode, without the port. */
export function linkHostOf(url: string): string {
  return HOST_OF_HREF.exec(url)?.[1]?.toLowerCase() ?? '';
}

/** WHATWG URL's host normalisation (punycode), through zod's URL check. */
const hostUrlSchema = z.url({ normalize: true });

/** Whether the space's plan limits the link hosts it registers a day (Free only). */
export const hasLinkHostLimit = (workspacePlan: SpacePlan): boolean => workspacePlan === 'FREE';

/**
 * Whether registering `newHosts` would take a Free space over its daily hosts; `hostsToday` are
 * those its merges of the last 24 hours registered (they count once, however often they recur).
 */
export function exceedsLinkHostLimit(input: {
  workspacePlan: SpacePlan;
  hostsToday: Iterable<string>;
  newHosts: Iterable<string>;
}): boolean {
  if (!hasLinkHostLimit(input.workspacePlan)) return false;
  const hosts = new Set(input.hostsToday);
  const before = hosts.size;
  for (const host of input.newHosts) hosts.add(host);
  // A merge that adds no host is never refused, even over the limit (a lowered limit, or the
  // space moved to Free during the day): it makes the redirect service no larger.
  return hosts.size > before && hosts.size > FREE_SPACE_LINK_HOSTS_PER_DAY;
}

/**
 * A blocklist entry as configured (`evil.example`, `.evil.example`, `*.evil.example`,
 * `Bücher.example`) in the form hosts are compared in: lower case, punycode, no leading `*.`/`.`.
 * Null when it is not a host name.
 */
export function normalizeBlockedHost(entry: string): string | null {
  const name = entry
    .trim()
    .replace(/^\*?\./, '')
    .replace(/\.$/, '');
  if (name === '' || /[/?#@:\s\\]/.test(name)) return null;
  const parsed = hostUrlSchema.safeParse(`http://${name}/`);
  const host = parsed.success ? linkHostOf(parsed.data) : '';
  return host === '' ? null : host;
}

/** Whether a link's host is on the blocklist: the entry itself or any of its subdomains. */
export function isBlockedLinkHost(host: string, blocklist: readonly string[]): boolean {
  return blocklist.some((blocked) => host === blocked || host.endsWith(`.${blocked}`));
}
