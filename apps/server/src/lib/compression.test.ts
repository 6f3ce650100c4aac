/* eslint-disable no-restricted-syntax -- routes of this test's own bare Fastify app, not of the endpoint table */
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_SYNC_THRESHOLD_BYTES, COMPRESS_THRESHOLD_BYTES, registerCompression } from './compression';

const BIG = { items: Array.from({ length: 200 }, (_, index) => ({ id: index, name: `merge ${index}` })) };
/** About the size of a page of sent merges (15 KiB), and an answer past the sync threshold. */
const page = (rows: number) => ({
  items: Array.from({ length: rows }, (_, index) => ({
    id: `merge-${index}`,
    subject: `Subject ${index}`.repeat(20),
  })),
});
const PAGE = page(70);
const HUGE = page(300);

describe('registerCompression', () => {
  const app = Fastify();
  beforeAll(async () => {
    await registerCompression(app);
    app.get('/api/big', () => BIG);
    app.get('/api/small', () => ({ ok: true }));
    app.get('/api/page', () => PAGE);
    app.get('/api/huge', () => HUGE);
    app.get('/t/o/:token', () => BIG);
    await app.ready();
  });
  afterAll(() => app.close());

  it('compresses a JSON answer above the threshold with brotli, else gzip', async () => {
    expect(JSON.stringify(BIG).length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const br = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(BIG);
    const gzip = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(BIG);
  });

  it('compresses a page in one call (a known length), and streams an answer past the sync threshold', async () => {
    const pageSize = JSON.stringify(PAGE).length;
    expect(pageSize).toBeGreaterThan(14 * 1024);
    expect(pageSize).toBeLessThan(COMPRESS_SYNC_THRESHOLD_BYTES);
    expect(JSON.stringify(HUGE).length).toBeGreaterThan(COMPRESS_SYNC_THRESHOLD_BYTES);
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    const whole = await app.inject({ url: '/api/page', headers });
    expect(whole.headers['content-encoding']).toBe('br');
    expect(whole.headers['content-length']).toBe(String(whole.rawPayload.length));
    expect(whole.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(whole.rawPayload).toString())).toEqual(PAGE);
    const streamed = await app.inject({ url: '/api/huge', headers });
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(streamed.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse(brotliDecompressSync(streamed.rawPayload).toString())).toEqual(HUGE);
  });

  it('sends small answers and answers to clients without Accept-Encoding as they are', async () => {
    const small = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ ok: true });
    const plain = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(BIG);
  });

  it('leaves tracking routes without compression, whatever their size', async () => {
    const response = await app.inject({ url: '/t/o/abc', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
    expect(response.json()).toEqual(BIG);
  });
});
