import { ENDPOINTS } from '@mergedesk/domain/api/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH } from '../app';
import { createTestApp, type TestApp } from '../test/test-app';
import { listRouteAccess } from './access';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await createTestApp();
});

afterAll(async () => {
  await testApp.close();
});

const key = (method: string, path: string) => `${method} ${path}`;

/** The routes the app serves, but HEAD (Fastify adds one per GET) and the OpenAPI pages (a plugin's). */
function servedRoutes(): string[] {
  return listRouteAccess(testApp.app)
    .filter((route) => route.method !== 'HEAD' && !route.url.startsWith(API_DOCS_PATH))
    .map((route) => key(route.method, route.url));
}

describe('the endpoint table (issue 23)', () => {
  it('names each method and path once', () => {
    const keys = Object.values(ENDPOINTS).map((endpoint) => key(endpoint.method, endpoint.path));
    expect(keys.filter((entry, index) => keys.indexOf(entry) !== index)).toEqual([]);
  });

  it('holds every route the server registers', () => {
    const table = new Set(Object.values(ENDPOINTS).map((endpoint) => key(endpoint.method, endpoint.path)));
    expect(servedRoutes().filter((route) => !table.has(route))).toEqual([]);
  });

  it('is served in full: every endpoint of the table is registered', () => {
    const served = new Set(servedRoutes());
    const missing = Object.entries(ENDPOINTS)
      .filter(([, endpoint]) => !served.has(key(endpoint.method, endpoint.path)))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });
});
