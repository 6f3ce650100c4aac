import { z } from 'zod';
import { clientText } from '../text/client-text';

/** POST /api/v1/auth/token: the authorization code and state returned to /auth/callback. */
export const tokenRequestSchema = z.object({
  code: clientText().min(1).max(4096),
  state: clientText().min(1).max(512),
  /** RFC 9207 issuer identifier, when the provider returns one. */
  iss: clientText().max(512).optional(),
});

/** What the sign-in was asked to do, carried through the provider round trip (spec 000 §4 "Sign-in"). */
const signInIntentSchema = z.object({
  continue: z.string().optional(),
  createAccount: z.boolean(),
  redirectToBilling: z.boolean(),
});
export type SignInIntent = z.infer<typeof signInIntentSchema>;

const googleProfileSchema = z.object({
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
});

/**
 * Response of token and refresh-token. `expiresAt` is in seconds (spec 000 §3); `idToken` is the
 * backend id token. `profile` and `scopes` replace the browser's calls to Google userinfo and
 * tokeninfo (docs/decisions/007-google-userinfo-and-tokeninfo-are-answered-by.md).
 */
export const authSessionSchema = z
  .object({
    accessToken: z.string(),
    idToken: z.string(),
    sessionId: z.string().uuid(),
    expiresAt: z.number().int(),
    profile: googleProfileSchema,
    scopes: z.array(z.string()),
  })
  .meta({ id: 'AuthSession' });
export type AuthSession = z.infer<typeof authSessionSchema>;

export const tokenResponseSchema = authSessionSchema.extend({ intent: signInIntentSchema });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const sessionRequestSchema = z.object({ sessionId: z.string().uuid().optional() });

/** GET /api/v1/auth/authorize query: starts the OpenID Connect authorization code flow. */
export const authorizeQuerySchema = z.object({
  /**
   * Path to return to after signing in. An unsafe one (session/continue-path) is dropped by the
   * server, so the person lands on the default page instead of seeing an error.
   */
  continue: z.string().max(8192).optional(),
  createAccount: z.enum(['true', 'false']).optional(),
  redirectToBilling: z.enum(['true', 'false']).optional(),
  /** `compose` adds the Gmail compose scope (spec 000 §7). */
  scope: z.enum(['compose']).optional(),
  /**
   * `compose`: not a sign-in — asks the provider for the Gmail compose permission and adds it to
   * the signed-in session (POST /api/v1/auth/grant); the state starts with `grant.`
   * (session/compose-grant.ts).
   */
  grant: z.enum(['compose']).optional(),
  /** e-mail hint for the account chooser */
  loginHint: clientText().max(320).optional(),
});

/** Defined in session/constants, a module without zod (the web app reads it). */
export { GMAIL_COMPOSE_SCOPE } from '../session/constants';

/** POST /api/v1/auth/grant: the session's scopes with the permission added, and where to go on. */
export const grantResponseSchema = z
  .object({ scopes: z.array(z.string()), intent: signInIntentSchema })
  .meta({ id: 'GrantResponse' });
export type GrantResponse = z.infer<typeof grantResponseSchema>;
