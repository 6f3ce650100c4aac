import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { bearer, createTestApp, type TestApp } from '../test/test-app';
import { apiPath } from '../test/api-path';

/**
 * Issue 20 "Logs": the request log of real calls at info level carries no OAuth code, no
 * invitation or tracking token and no full address.
 */
describe('request logs without secrets', () => {
  let t: TestApp;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    app = await buildApp(
      { ...t.config, LOG_LEVEL: 'info' },
      { db: t.db, pool: t.pool, logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('logs the calls with their codes, tokens and addresses redacted', async () => {
    const olivia = await t.signIn('olivia@acme.test');
    const calls = [
      '/auth/callback?code=SECRET-OAUTH-CODE-1&state=SECRET-STATE-1',
      apiPath('auth.authorize', {}, 'continue=%2F&loginHint=ann.recipient%40example.org'),
      '/login?continue=%2Finvitations%2Fdemo-nina-acme-sales',
      '/invitations/demo-nina-acme-sales',
      '/t/u/0b7e3c1a-2f4d-4e5a-9b6c-7d8e9f0a1b2c.SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS',
      '/t/f/0b7e3c1a-2f4d-4e5a-9b6c-7d8e9f0a1b2c.SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS?value=bob%40example.org',
    ];
    for (const url of calls) await app.inject({ method: 'GET', url });
    await app.inject({
      method: 'PUT',
      url: apiPath('invitations.accept', { token: 'demo-nina-acme-sales' }),
      headers: bearer(olivia),
    });
    // An error message that names an address ('No account exists for …'), logged at info.
    const nina = await t.signIn('nina@newcomer.test');
    const me = await app.inject({ method: 'GET', url: apiPath('users.me'), headers: bearer(nina) });
    expect(me.statusCode).toBe(404);

    const log = lines.join('');
    // The calls were logged (a log without request lines would pass for the wrong reason).
    expect(log).toContain('"url":"/auth/callback?[redacted]"');
    expect(log).toContain('"url":"/invitations/[redacted]"');
    expect(log).toContain('"url":"/api/invitations/[redacted]/accept"');
    expect(log).toContain('"url":"/t/u/[redacted]"');
    expect(log).toContain('"url":"/login?continue=/invitations/[redacted]"');
    expect(log).toContain('No account exists for n***@newcomer.test.');
    for (const secret of [
      'SECRET-OAUTH-CODE-1',
      'SECRET-STATE-1',
      'demo-nina-acme-sales',
      'SSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS',
      'ann.recipient',
      'bob@example.org',
      'nina@newcomer.test',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
