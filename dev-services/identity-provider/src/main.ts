import { startIdentityProvider } from './provider';

function listFromEnv(value: string | undefined, fallback: string): string[] {
  return (value ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const port = Number(process.env.IDP_PORT ?? 3001);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  throw new Error(`IDP_PORT must be a port number (got ${process.env.IDP_PORT}).`);
}

const provider = await startIdentityProvider({
  port,
  issuer: process.env.IDP_ISSUER ?? `http://localhost:${port}`,
  host: process.env.IDP_HOST,
  ...(process.env.IDP_DATA_FILE ? { dataFile: process.env.IDP_DATA_FILE } : {}),
  clients: [
    {
      clientId: process.env.OIDC_CLIENT_ID ?? 'mergedesk-web',
      clientSecret: process.env.OIDC_CLIENT_SECRET ?? 'mergedesk-dev-secret',
      clientName: 'MergeDesk',
      redirectUris: listFromEnv(
        process.env.OIDC_REDIRECT_URIS,
        // Sign-in, and the Gmail grant of MergeDesk's senders.
        'http://localhost:3000/auth/callback,http://localhost:3000/api/v1/auth/gmail/callback',
      ),
      postLogoutRedirectUris: listFromEnv(
        process.env.OIDC_POST_LOGOUT_REDIRECT_URIS,
        'http://localhost:3000/',
      ),
    },
  ],
});

console.log(`Local identity provider (stand-in for Google sign-in) at ${provider.issuer}`);
console.log(`Discovery: ${provider.issuer}/.well-known/openid-configuration`);

function shutdown(): void {
  provider.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
