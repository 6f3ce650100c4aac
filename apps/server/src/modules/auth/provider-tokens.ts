import { GMAIL_COMPOSE_SCOPE } from '@mergedesk/domain/api/auth';
import { and, desc, eq, gt, isNull, like } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions } from '../../db/schema';
import { createSecretBox } from '../../lib/secret-box';
import { PROVIDER_TOKEN_PURPOSE } from './auth.service';

/** A token this close to its expiry is not handed out: the Gmail call could outlive it. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The newest live Google access token with the Gmail compose scope that `email` signed in with,
 * or null (then the web app asks for the permission again, spec 002 §4.5). Tokens come from the
 * sign-ins themselves; no Google refresh token is kept.
 */
export function createGoogleAccessTokenProvider(db: Executor, sessionSecret: string) {
  const box = createSecretBox(sessionSecret, PROVIDER_TOKEN_PURPOSE);
  return async (user: { email: string }): Promise<string | null> => {
    const [row] = await db
      .select({ token: sessions.providerAccessToken })
      .from(sessions)
      .where(
        and(
          eq(sessions.email, user.email),
          isNull(sessions.revokedAt),
          gt(sessions.providerTokenExpiresAt, new Date(Date.now() + EXPIRY_MARGIN_MS)),
          like(sessions.scopes, `%${GMAIL_COMPOSE_SCOPE}%`),
        ),
      )
      .orderBy(desc(sessions.createdAt))
      .limit(1);
    return row?.token ? box.open(row.token) : null;
  };
}
