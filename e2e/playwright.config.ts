import { defineConfig, devices } from '@playwright/test';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { freePort } from '@mergedesk/identity-provider/testing/provider-browser';
import { serverLogPath } from './server-log';

/**
 * The whole product on its own ports and database: the server (API + built web app), the
 * local OpenID provider, the Stripe emulator, the Gmail stand-in (its port is E2E_PORTS' fifth) and
 * an embedded PostgreSQL seeded with the demo data, in a data directory of the run's own, wiped
 * before and removed after. Free ports are picked per run, so several
 * checkouts on one machine can run the suite at once. Access tokens live 20 s here so every run
 * also exercises the silent refresh.
 */

/**
 * The runner loads this file and then every worker loads it again: the ports are picked once, by
 * the runner, and reach the workers through the environment they inherit.
 */
async function pickPorts(): Promise<{
  port: number;
  idpPort: number;
  postgresPort: number;
  stripeEmulatorPort: number;
  gmailEmulatorPort: number;
}> {
  if (!process.env.E2E_PORTS) {
    const picked = new Set<number>();
    while (picked.size < 5) picked.add(await freePort());
    process.env.E2E_PORTS = [...picked].join(',');
  }
  const [port = 0, idpPort = 0, postgresPort = 0, stripeEmulatorPort = 0, gmailEmulatorPort = 0] =
    process.env.E2E_PORTS.split(',').map(Number);
  return { port, idpPort, postgresPort, stripeEmulatorPort, gmailEmulatorPort };
}

const {
  port: PORT,
  idpPort: IDP_PORT,
  postgresPort: POSTGRES_PORT,
  stripeEmulatorPort: STRIPE_EMULATOR_PORT,
  gmailEmulatorPort: GMAIL_EMULATOR_PORT,
} = await pickPorts();
export const BASE_URL = `http://localhost:${PORT}`;
const root = path.resolve(import.meta.dirname, '..');

function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return execSync('command -v chromium', { encoding: 'utf8', shell: '/bin/sh' }).trim();
}

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    // The analytics choice is made (denied), so the consent prompt (issue 21) does not sit over the
    // pages every test drives; consent.spec.ts clears it to test the prompt itself.
    storageState: {
      cookies: [
        {
          name: 'md_consent',
          value: 'analytics%3Ddenied',
          domain: 'localhost',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [],
    },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    // After the last spec, however few ran, the server log of the run is checked for secrets.
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, teardown: 'server log' },
    { name: 'server log', testMatch: /server-log\.teardown\.ts$/ },
  ],
  webServer: {
    command: 'node --import tsx e2e/server.ts',
    cwd: root,
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM lets the server stop PostgreSQL and remove the data directory (e2e/server.ts).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      IDP_PORT: String(IDP_PORT),
      STRIPE_EMULATOR_PORT: String(STRIPE_EMULATOR_PORT),
      // The Gmail stand-in (issue 24) on the run's own port, not npm start's 3003.
      GMAIL_EMULATOR_PORT: String(GMAIL_EMULATOR_PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR: `.data/e2e-${PORT}`,
      EMBEDDED_POSTGRES_PORT: String(POSTGRES_PORT),
      ACCESS_TOKEN_TTL_SECONDS: '20',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Info, as in production: the request lines are what tests/server-log.teardown.ts checks.
      LOG_LEVEL: 'info',
      E2E_SERVER_LOG: serverLogPath(PORT),
    },
  },
});
