import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { findLogSecrets, serverLogPath } from '../server-log';

/**
 * Runs after the last spec (the chromium project's teardown, playwright.config.ts), on the server
 * log of the whole run (issue 20 "Logs"): no OAuth code, invitation or tracking token, or full
 * e-mail address.
 */
test('the server log of the run carries no OAuth code, token or e-mail address', async () => {
  const port = Number(process.env.E2E_PORTS?.split(',')[0]);
  const path = serverLogPath(port);
  // The server's lines reach the file through e2e/server.ts: give the last ones a moment.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const log = await readFile(path, 'utf8');
  // The log is the server's at info level, with its request lines: an empty or quieter log would
  // pass this check without having checked anything.
  expect(log, `${path} has no request lines (LOG_LEVEL info?)`).toContain('"msg":"incoming request"');
  expect(findLogSecrets(log), `secrets in ${path}`).toEqual([]);
});
