import { expect, test } from '@playwright/test';
import { freePort } from '@mergedesk/identity-provider/testing/provider-browser';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The README's production command: `node apps/server/dist/main.js` (built by `npm run build`,
 * plain JavaScript) with NODE_ENV=production, here on an embedded PostgreSQL of its own. The rest
 * of the suite runs the same build through `npm start`'s apps/server/dist/start.js.
 */
test('the production build starts, serves the web app, the API and the pixel, and stops on SIGTERM', async () => {
  test.setTimeout(120_000);
  const root = path.resolve(import.meta.dirname, '../..');
  const [port, postgresPort] = [await freePort(), await freePort()];
  const dataDir = path.join(root, `.data/e2e-production-${port}`);
  const server = spawn(process.execPath, ['--max-semi-space-size=64', 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      SESSION_SECRET: 'a-production-secret-for-this-test-only-0123456789',
      DATA_DIR: dataDir,
      EMBEDDED_POSTGRES_PORT: String(postgresPort),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = once(server, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const base = `http://127.0.0.1:${port}`;
  try {
    await expect
      .poll(async () => (await fetch(`${base}/readyz`).catch(() => undefined))?.status, { timeout: 90_000 })
      .toBe(200);

    const page = await fetch(`${base}/login`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');

    const pixel = await fetch(`${base}/t/o/not-a-token.gif`);
    expect(pixel.status).toBe(200);
    expect(pixel.headers.get('content-type')).toBe('image/gif');

    const api = await fetch(`${base}/api/v1/workspaces`);
    expect(api.status).toBe(401);
    expect(await api.json()).toMatchObject({ errors: [], code: 'UNAUTHENTICATED' });
  } finally {
    server.kill('SIGTERM');
    const [code] = await Promise.race([exited, sleep(20_000).then(() => [-1] as const)]);
    if (code === -1) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    expect(code).toBe(0);
  }
});
