import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeError, toErrorReply } from '../lib/error-handler';
import { createTestApp, type TestApp } from '../test/test-app';
import { findPgCode, isDatabaseUnavailable } from './errors';

describe('database errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const failing = async (query: Parameters<TestApp['db']['execute']>[0]) => {
    try {
      await t.db.execute(query);
    } catch (error) {
      return error;
    }
    throw new Error('the query succeeded');
  };

  it('logs a failed query by its code and names, never its parameters or the quoted value', async () => {
    const secret = 'secret-value-9876543210';
    const error = await failing(sql`select ${secret}::int`);
    expect(findPgCode(error)).toBe('22P02');
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain('22P02');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('select');
  });

  it('keeps type, message and stack of other errors', () => {
    const logged = serializeError(new RangeError('Invalid time value'));
    expect(logged).toMatchObject({ type: 'RangeError', message: 'Invalid time value' });
    expect(logged.stack).toContain('RangeError');
  });

  it('tells a database that is away (503) from a failed statement (500)', async () => {
    const terminated = await failing(sql`select pg_terminate_backend(pg_backend_pid())`);
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    const wrong = await failing(sql`select 1 / 0`);
    expect(isDatabaseUnavailable(wrong)).toBe(false);
    expect(toErrorReply(Object.assign(new Error('x'), { cause: terminated }) as never).statusCode).toBe(503);
    expect(toErrorReply(wrong as never)).toMatchObject({ statusCode: 500, body: { code: 'INTERNAL' } });
  });
});
