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
    }): Promise<URL> {
      const server = await discover();
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: params.scopes.join(' '),
        state: params.state,
        nonce: params.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(params.codeVerifier),
        code_challenge_method: 'S256',
        prompt: config.OIDC_PROMPT,
      };
      if (params.loginHint) parameters.login_hint = params.loginHint;
      return oidc.buildAuthorizationUrl(server, parameters);
    },
    /** Exchanges the code; returns the verified identity of the ID token. */
    async exchangeCode(params: {
      callbackParameters: Record<string, string>;
      state: string;
      nonce: string;
      codeVerifier: string;
    }) {
      const server = await discover();
      const currentUrl = new URL(redirectUri);
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
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;
