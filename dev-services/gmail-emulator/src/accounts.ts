import { GmailError } from './errors';

export type Identity = { email: string; name: string };

export type TokenResolver = (token: string) => Promise<Identity | null>;

const USERINFO_CACHE_MS = 5 * 60 * 1000;

/** An answer from the caller's own function: its address, or null for an unknown token. */
export const resolverFromFunction =
  (resolve: (token: string) => Promise<string | null>): TokenResolver =>
  async (token) => {
    const email = await resolve(token);
    return email === null ? null : { email: email.toLowerCase(), name: '' };
  };

/**
 * The OpenID userinfo endpoint of the identity provider that issued the token (Google's own
 * access tokens answer there too): its `email` claim is the mailbox. A token without the `email`
 * scope has no such claim and is refused like an invalid one. Answers are kept per token for a few
 * minutes, so a merge does not call the provider once per message.
 */
export const resolverFromUserinfo = (userinfoUrl: string, now: () => number): TokenResolver => {
  const cache = new Map<string, { identity: Identity; until: number }>();
  return async (token) => {
    const cached = cache.get(token);
    if (cached !== undefined && cached.until > now()) return cached.identity;
    let response: Response;
    try {
      response = await fetch(userinfoUrl, { headers: { authorization: `Bearer ${token}` } });
    } catch (error) {
      throw new GmailError(
        503,
        `The Gmail stand-in could not reach the identity provider at ${userinfoUrl}: ${String(error)}`,
        'backendError',
      );
    }
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const claims = (await response.json()) as { email?: unknown; name?: unknown };
    if (typeof claims.email !== 'string' || claims.email === '') return null;
    const identity = {
      email: claims.email.toLowerCase(),
      name: typeof claims.name === 'string' ? claims.name : '',
    };
    if (cache.size > 10_000) {
      for (const [key, entry] of cache) if (entry.until <= now()) cache.delete(key);
    }
    cache.set(token, { identity, until: now() + USERINFO_CACHE_MS });
    return identity;
  };
};

/** Neither option: for curl and a stand-alone start, the bearer token is the mailbox address. */
export const tokenIsTheAddress: TokenResolver = (token) =>
  Promise.resolve(/^[^@\s]+@[^@\s]+$/.test(token) ? { email: token.toLowerCase(), name: '' } : null);
