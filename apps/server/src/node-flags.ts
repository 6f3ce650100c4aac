/**
 * The V8 flags the server's process starts with, in production and under `npm start` (README
 * "With real Google sign-in", package.json `start`, the benchmark and the production e2e test use
 * this list or the same words).
 *
 * `--max-semi-space-size=64`: a young generation of up to 64 MiB per semi-space (V8's default is
 * 16 MiB on 64-bit). Each request leaves short-lived garbage (rows, JSON, compression buffers);
 * with a larger nursery a scavenge comes about four times less often and costs about the same,
 * because a scavenge copies only what is still live. On the lists benchmark it took 1–2 ms off
 * the p95 of the suppression lists (docs/benchmarks.md "Young generation").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'] as const;
