import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { apiPath } from '../../test/api-path';

const TOKEN = 'metrics-token-of-the-test-1234';

describe('GET /metrics', () => {
  let open: TestApp;
  let guarded: TestApp;
  beforeAll(async () => {
    open = await createTestApp();
    guarded = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  it('answers Prometheus text on this machine: requests by route pattern, pool, aggregation and tracking', async () => {
    await open.app.inject({ method: 'GET', url: apiPath('health.liveness') });
    await open.app.inject({
      method: 'GET',
      url: apiPath('tracking.open', { token: 'some-recipient-token' }),
    });
    const response = await open.app.inject({ method: 'GET', url: apiPath('health.metrics') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /^mergedesk_http_request_duration_seconds_count\{method="GET",route="\/healthz",status_code="200"\} 1$/m,
    );
    // The pattern, never the URL: a token never becomes a label.
    expect(text).toContain('route="/t/o/:token.gif"');
    expect(text).not.toContain('some-recipient-token');
    expect(text).toMatch(/^mergedesk_db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^mergedesk_aggregation_backlog\{kind="hits"\} 0$/m);
    expect(text).toMatch(/^mergedesk_aggregation_lag_seconds 0$/m);
    expect(text).toMatch(/^mergedesk_aggregation_consecutive_failures 0$/m);
    expect(text).toMatch(/^mergedesk_tracking_hits_lost_total 0$/m);
    expect(text).toMatch(/^mergedesk_nodejs_eventloop_lag_seconds /m);
  });

  it('is not there for a caller from elsewhere when no token is set (404 in the error shape)', async () => {
    const response = await open.app.inject({
      method: 'GET',
      url: apiPath('health.metrics'),
      remoteAddress: '203.0.113.7',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ errors: [], code: 'NOT_FOUND', message: 'Not found.' });
  });

  it('asks for METRICS_TOKEN when it is set, from anywhere', async () => {
    const without = await guarded.app.inject({ method: 'GET', url: apiPath('health.metrics') });
    expect(without.statusCode).toBe(404);
    const wrong = await guarded.app.inject({
      method: 'GET',
      url: apiPath('health.metrics'),
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(404);
    const right = await guarded.app.inject({
      method: 'GET',
      url: apiPath('health.metrics'),
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('mergedesk_db_pool_connections');
  });
});
