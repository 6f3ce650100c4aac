import Fastify from 'fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRouteAccess, registerAccessPolicy } from './lib/access';
import { createAccessTokenSigner } from './lib/access-token';
import { bearer, createTestApp, type TestApp } from './test/test-app';
import { ENDPOINTS } from '@mergedesk/domain/api/endpoints';
import { apiPath } from './test/api-path';
import { API_DOCS_PATH } from './app';

const NOT_FOUND = { errors: [], code: 'NOT_FOUND', message: 'Not found.' };

describe('access policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.ready();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every registered non-public route 401 without a session', async () => {
    const routes = listRouteAccess(t.app).filter((route) => route.access !== 'public');
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      // Path parameters get a well-formed id: the 401 must come before anything looks at them.
      const url = route.url.replace(/:[A-Za-z_]+/g, '0b9c5a3e-0000-4000-8000-000000000000');
      const response = await t.app.inject({ method: route.method as 'GET', url });
      const name = `${route.method} ${route.url}`;
      expect({ name, status: response.statusCode }).toEqual({ name, status: 401 });
    }
  });

  it('declares the policies the API promises', () => {
    const policy = (method: string, url: string) =>
      listRouteAccess(t.app).find((route) => route.method === method && route.url === url)?.access;
    expect(policy('GET', apiPath('users.me'))).toBe('user');
    expect(policy('POST', apiPath('users.create'))).toBe('session');
    expect(policy('GET', ENDPOINTS['workspaces.get'].path)).toBe('user');
    expect(policy('PUT', ENDPOINTS['workspaces.update'].path)).toBe('user');
    expect(policy('GET', ENDPOINTS['members.list'].path)).toBe('user');
    expect(policy('POST', apiPath('events.track'))).toBe('user');
    expect(policy('GET', apiPath('promotions.list'))).toBe('public');
    expect(policy('GET', apiPath('health.liveness'))).toBe('public');
    expect(policy('GET', `${API_DOCS_PATH}/json`)).toBe('public');
  });

  it('refuses to register a route without a policy', () => {
    const app = Fastify();
    registerAccessPolicy(app, {
      signer: createAccessTokenSigner('x'.repeat(32), 60),
      findSession: () => Promise.resolve(undefined),
      findMembership: () => Promise.resolve(undefined),
      isThirdPartyPublicRoute: () => false,
    });
    expect(() => app.get('/forgotten', () => 'oops')).toThrow(
      'Route GET /forgotten declares no access policy (config.access).',
    );
  });
});

describe('errors, headers and documentation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.seedDemo();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers unknown routes with the error shape', async () => {
    for (const [method, url] of [
      // eslint-disable-next-line no-restricted-syntax -- an API path that is deliberately not in the table
      ['GET', '/api/v1/nothing-here'],
      ['POST', apiPath('users.me')],
      ['GET', '/login'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  it('sets security headers, a CSP for the web app and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPath('health.liveness') });
    const csp = response.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain(`form-action 'self' ${new URL(t.config.OIDC_ISSUER).origin}`);
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['permissions-policy']).toContain('camera=()');
    expect(response.headers['permissions-policy']).toContain('geolocation=()');
    // Over plain http, HSTS means nothing and must not pin a local set-up to https.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS on answers over https (behind a trusted proxy)', async () => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const https = await behindProxy.app.inject({
        method: 'GET',
        url: apiPath('health.liveness'),
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await behindProxy.app.inject({ method: 'GET', url: apiPath('health.liveness') });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });

  it('publishes an OpenAPI document generated from the zod schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/json` });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown }>>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(document.openapi).toBe('3.1.0');
    /* eslint-disable no-restricted-syntax -- the OpenAPI document's keys, in its {param} form */
    expect(document.paths['/api/v2/users/me']?.get).toMatchObject({
      tags: ['users'],
      security: [{ bearerAuth: [] }],
    });
    expect(document.paths['/api/cannon']?.get?.security).toBeUndefined();
    expect(document.paths['/api/workspaces/{workspaceId}/members']?.get).toBeDefined();
    /* eslint-enable no-restricted-syntax */
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(['CurrentUser', 'Workspace', 'Member', 'Error']),
    );
    const ui = await t.app.inject({ method: 'GET', url: `${API_DOCS_PATH}/` });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});

describe('when the database is gone', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.seedDemo();
    token = await t.signIn('olivia@acme.test');
    await t.pool.end();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /readyz answers 503', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPath('health.readiness') });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      errors: [],
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is not reachable.',
    });
  });

  it('an unknown error is answered 500 without internals', async () => {
    const response = await t.app.inject({ method: 'GET', url: apiPath('users.me'), headers: bearer(token) });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      errors: [],
      code: 'INTERNAL',
      message: 'An internal error occurred. Please try again later.',
    });
    expect(response.body).not.toMatch(/pool|stack|at /i);
  });
});

const APP_JS = `export const merges = [${Array.from({ length: 300 }, (_, i) => `'merge ${i}'`).join(', ')}];\n`;

describe('the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'mergedesk-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>MergeDesk</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'index-3f2a1b.js'), 'console.log("app")');
    // What the build writes beside a text file (apps/web/build/precompress.ts).
    writeFileSync(path.join(dist, 'assets', 'app-9c8d7e.js'), APP_JS);
    writeFileSync(path.join(dist, 'assets', 'app-9c8d7e.js.br'), brotliCompressSync(APP_JS));
    writeFileSync(path.join(dist, 'assets', 'app-9c8d7e.js.gz'), gzipSync(APP_JS));
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/login',
    '/auth/callback?code=x',
    '/0b9c5a3e-0000-4000-8000-000000000000/acme/mail-merges/sent',
  ])('answers %s with index.html, revalidated on each load', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root"></div>');
  });

  it('caches hashed assets for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-3f2a1b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['br', 'gzip, deflate, br, zstd', brotliDecompressSync],
    ['gzip', 'gzip, deflate', gunzipSync],
  ] as const)('sends the precompressed %s file by Accept-Encoding', async (encoding, accept, decode) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-9c8d7e.js',
      headers: { 'accept-encoding': accept },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode(response.rawPayload).toString()).toBe(APP_JS);
  });

  it('sends the file itself to a client that accepts no compression', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-9c8d7e.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(APP_JS);
  });

  // eslint-disable-next-line no-restricted-syntax -- an API path that is deliberately not in the table
  it.each(['/api/v1/unknown', '/billing/unknown', '/t/o/unknown', '/assets/missing.js?x'])(
    'keeps server paths out of the fallback: %s',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    },
  );

  it('still answers the API and the health checks', async () => {
    expect((await t.app.inject({ method: 'GET', url: apiPath('health.liveness') })).json()).toEqual({
      status: 'ok',
    });
    expect((await t.app.inject({ method: 'GET', url: apiPath('users.me') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });
});
