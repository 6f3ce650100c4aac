import { afterAll, expect } from 'vitest';

/**
 * Fails a test file whose code sent a query to a client that was still running one: node-postgres
 * queues it today (with a deprecation warning) and will refuse it in pg 9. The usual cause is a
 * Promise.all of queries on a transaction, which is a single connection; run them one after the other.
 */
const queued: string[] = [];
process.on('warning', (warning) => {
  if (warning.message.includes('already executing a query')) queued.push(warning.message);
});

afterAll(() => {
  expect(queued, 'queries sent in parallel to one client (a Promise.all on a transaction?)').toEqual([]);
});
