import * as oidc from 'openid-client';
import type { Config } from '../../config';

/**
 * The OpenID Connect relying party: Google in production, the local provider of
 * dev-services/identity-provider in development and tests — the same code path either way.
 * Discovery is done once, lazily, and retried on the next sign-in if the provider was down.
 */
export function createOidcClient(config: Config) {
  let configuration: Promise<oidc.Configuration> | undefined;
  const redirectUri = new URL('/auth/callback', config.PUBLIC_URL).toString();

  function discover(): Promise<oidc.Configuration> {
    configuration ??= oidc
      .discovery(
        new URL(config.OIDC_ISSUER),
        config.OIDC_CLIENT_ID,
        undefined,
        oidc.ClientSecretBasic(config.OIDC_CLIENT_SECRET),
        // The local provider speaks plain http on localhost; Google is always https.
        config.OIDC_ISSUER.startsWith('http://') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  }

  return {
    redirectUri,
    async buildAuthorizationUrl(params: {
      state: string;
      nonce: string;
      codeVerifier: string;
      scopes: string[];
      loginHint?: string;
      /** Another registered redirect URI than the sign-in's (the Gmail grant's callback). */
      redirectUri?: string;
      /** Extra parameters (the Gmail grant's offline access); they replace the defaults above. */
      extraParameters?: Record<string, string>;
    }): Promise<URL> {
      const server = await discover();
      const parameters: Record<string, string> = {
        redirect_uri: params.redirectUri ?? redirectUri,
        scope: params.scopes.join(' '),
        state: params.state,
        nonce: params.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(params.codeVerifier),
        code_challenge_method: 'S256',
        prompt: config.OIDC_PROMPT,
      };
      if (params.loginHint) parameters.login_hint = params.loginHint;
      return oidc.buildAuthorizationUrl(server, { ...parameters, ...params.extraParameters });
    },
    /** Exchanges the code; returns the verified identity of the ID token. */
    async exchangeCode(params: {
      callbackParameters: Record<string, string>;
      state: string;
      nonce: string;
      codeVerifier: string;
      redirectUri?: string;
    }) {
      const server = await discover();
      const currentUrl = new URL(params.redirectUri ?? redirectUri);
      for (const [key, value] of Object.entries(params.callbackParameters))
        currentUrl.searchParams.set(key, value);
      const tokens = await oidc.authorizationCodeGrant(server, currentUrl, {
        pkceCodeVerifier: params.codeVerifier,
        expectedState: params.state,
        expectedNonce: params.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider returned no ID token.');
      let { email, name, picture, email_verified: emailVerified } = claims;
      if (typeof email !== 'string' || typeof name !== 'string') {
        const info = await oidc.fetchUserInfo(server, tokens.access_token, claims.sub);
        email = info.email;
        name = info.name ?? info.email;
        picture = info.picture;
        emailVerified = info.email_verified;
      }
      if (typeof email !== 'string' || emailVerified === false) return null;
      return {
        subject: claims.sub,
        email: email.toLowerCase(),
        name: typeof name === 'string' ? name : email,
        picture: typeof picture === 'string' ? picture : null,
        scopes: (tokens.scope ?? '').split(' ').filter(Boolean),
        /** Google's access token: the Gmail API calls (drafts) need it. */
        accessToken: tokens.access_token,
        accessTokenExpiresIn: tokens.expiresIn() ?? null,
        /** Present when offline access was granted (the Gmail grant). */
        refreshToken: tokens.refresh_token ?? null,
      };
    },
    /** The provider's token and revocation endpoints (discovery, cached). */
    async endpoints(): Promise<{ token: string; revocation: string | null }> {
      const metadata = (await discover()).serverMetadata();
      if (!metadata.token_endpoint) throw new Error('The provider announces no token endpoint.');
      return { token: metadata.token_endpoint, revocation: metadata.revocation_endpoint ?? null };
    },
    /** Revokes a token at the provider (RFC 7009), when it has a revocation endpoint. */
    async revoke(token: string): Promise<void> {
      const server = await discover();
      if (!server.serverMetadata().revocation_endpoint) return;
      await oidc.tokenRevocation(server, token);
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
