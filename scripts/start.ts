/**
 * `npm start`: the whole product on one machine — the local identity provider (stand-in for
 * Google sign-in), then the server with embedded PostgreSQL, the demo seed and the built web app.
 * PORT, IDP_PORT and PUBLIC_URL override the defaults; Ctrl-C stops everything.
 */
import { loadConfig } from '../apps/server/src/config';
import { startServer, stopOnSignals } from '../apps/server/src/main';
import { demoAccounts } from '../dev-services/identity-provider/src/accounts';
import { startIdentityProvider } from '../dev-services/identity-provider/src/provider';

const port = process.env.PORT ?? '3000';
const idpPort = process.env.IDP_PORT ?? '3001';
const publicUrl = (process.env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  SEED_DEMO: 'true',
  PORT: port,
  PUBLIC_URL: publicUrl,
  OIDC_ISSUER: process.env.OIDC_ISSUER ?? `http://localhost:${idpPort}`,
});

const identityProvider = await startIdentityProvider({
  port: Number(idpPort),
  issuer: config.OIDC_ISSUER,
  clients: [
    {
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      clientName: config.PRODUCT_NAME,
      redirectUris: [`${publicUrl}/auth/callback`],
      postLogoutRedirectUris: [`${publicUrl}/`],
    },
  ],
});

let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer(config);
} catch (error) {
  await identityProvider.close();
  throw error;
}

stopOnSignals(async () => {
  await server.close();
  await identityProvider.close();
});

console.log(`
  ${config.PRODUCT_NAME} is running at ${publicUrl}
  API docs: ${publicUrl}/api/docs   ·   sign-in provider: ${identityProvider.issuer}

  Sign in with any demo account (no password), e.g.:
${demoAccounts.map((account) => `    ${account.email.padEnd(22)} ${account.name}`).join('\n')}

  olivia@acme.test owns Acme Sales; nina@newcomer.test has no account yet. Press Ctrl-C to stop.
`);
