import { defineConfig, devices } from '@playwright/test';
import { execSync } from 'node:child_process';
import path from 'node:path';

/**
 * The whole product on its own ports and database: the server (API + built web app), the
 * local OpenID provider and an embedded PostgreSQL seeded with the demo data, wiped per run.
 * Access tokens live 20 s here so every run also exercises the silent refresh.
 */
const PORT = 3100;
const IDP_PORT = 3101;
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'rm -rf .data/e2e && node --import tsx scripts/start.ts',
    cwd: root,
    url: `${BASE_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      IDP_PORT: String(IDP_PORT),
      PUBLIC_URL: BASE_URL,
      DATA_DIR: '.data/e2e',
      EMBEDDED_POSTGRES_PORT: '54340',
      ACCESS_TOKEN_TTL_SECONDS: '20',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
    },
  },
});
