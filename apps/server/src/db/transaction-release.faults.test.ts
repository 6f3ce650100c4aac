import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from './client';

/**
 * Drizzle's transaction() over a pool ran BEGIN before its try/finally: every BEGIN that failed
 * kept a client checked out, and after `max` of them the running server's pool was exhausted for
 * good (issue 23, "Known defects"). A bad transaction setting makes BEGIN fail every time; a
 * connection killed inside a transaction is how production meets a dead client.
 */
describe('a transaction whose BEGIN fails', () => {
  const MAX = 2;
  let database: ReturnType<typeof createDatabase>;

  beforeAll(() => {
    database = createDatabase(inject('postgresAppUrl'), { maxConnections: MAX, onConnectionError: () => {} });
  });
  afterAll(async () => {
    await database.close(500);
  });

  const checkedOut = () => database.pool.totalCount - database.pool.idleCount;

  it('gives its client back: many failed BEGINs later, the pool still serves transactions', async () => {
    for (let attempt = 0; attempt < MAX * 3; attempt += 1) {
      await expect(
        database.db.transaction(() => Promise.resolve(undefined), {
          // Not a level PostgreSQL knows: `begin isolation level …` fails.
          isolationLevel: 'no such level' as 'serializable',
        }),
      ).rejects.toThrow();
      expect(checkedOut()).toBe(0);
    }
    const answer = await database.db.transaction(
      async (tx) => (await tx.execute(sql`select 1 as one`)).rows[0],
    );
    expect(answer).toEqual({ one: 1 });
    expect(checkedOut()).toBe(0);
  });

  it('drops the client of a connection killed inside a transaction, and the next one works', async () => {
    // The transaction's backend is killed under it: its next statement and its ROLLBACK fail as lost.
    const killer = createDatabase(inject('postgresAppUrl'), {
      maxConnections: 1,
      onConnectionError: () => {},
    });
    try {
      for (let attempt = 0; attempt < MAX * 3; attempt += 1) {
        const failed = await database.db
          .transaction(async (tx) => {
            const [{ pid }] = (await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`))
              .rows as [{ pid: number }];
            await killer.pool.query('select pg_terminate_backend($1)', [pid]);
            await tx.execute(sql`select 1`);
          })
          .then(
            () => false,
            () => true,
          );
        expect(failed).toBe(true);
      }
      await expect.poll(checkedOut).toBe(0);
      const answer = await database.db.transaction(
        async (tx) => (await tx.execute(sql`select 2 as two`)).rows[0],
      );
      expect(answer).toEqual({ two: 2 });
    } finally {
      await killer.close(500);
    }
  });
});
