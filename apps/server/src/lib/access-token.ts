import { jwtVerify, SignJWT } from 'jose';

/**
 * Short-lived access tokens (HS256, signed with SESSION_SECRET). They name the session and the
 * signed-in identity; the session row is the source of truth for revocation, checked on refresh.
 */
export type AccessTokenClaims = { sessionId: string; email: string };

const ISSUER = 'mergedesk';
const AUDIENCE = 'mergedesk-api';
/** Leeway for clocks of several servers sharing one secret. */
const CLOCK_TOLERANCE_SECONDS = 5;

export function createAccessTokenSigner(secret: string, ttlSeconds: number) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessTokenClaims, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
      const expiresAt = Math.floor(now / 1000) + ttlSeconds;
      const token = await new SignJWT({ email: claims.email })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sessionId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    /**
     * The backend id token (spec 000 §3 `backendIdToken`): the signed-in identity for other
     * services, e.g. the X-ID-Token header of the campaign calls.
     */
    async signIdToken(profile: { email: string; name: string; picture: string | null; sessionId: string }) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        email: profile.email,
        name: profile.name,
        picture: profile.picture,
        sid: profile.sessionId,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'id+jwt' })
        .setSubject(profile.email)
        .setIssuer(ISSUER)
        .setAudience('mergedesk-id')
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
    },
    /**
     * Returns the claims of a valid token, or null for an invalid, expired or foreign one. A token
     * is trusted for at most the configured lifetime, whatever it claims (issue 10): it must carry
     * `iat` and `exp`, `exp - iat` may not exceed the TTL, `iat` may not lie in the future, and it
     * is refused once it is older than the TTL — so a token minted with a longer lifetime (an
     * older configuration, a leaked signing path) dies on time all the same.
     */
    async verify(token: string, now = Date.now()): Promise<AccessTokenClaims | null> {
      try {
        const currentDate = new Date(now);
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['iat', 'exp', 'sub'],
          maxTokenAge: ttlSeconds,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          currentDate,
        });
        const { iat, exp } = payload;
        if (iat === undefined || exp === undefined) return null;
        if (exp - iat > ttlSeconds) return null;
        if (iat > Math.floor(now / 1000) + CLOCK_TOLERANCE_SECONDS) return null;
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') return null;
        return { sessionId: payload.sub, email: payload.email };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokenSigner = ReturnType<typeof createAccessTokenSigner>;
