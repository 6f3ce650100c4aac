import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
    // Each test file has its own database (created from a migrated template), so files run in parallel.
    fileParallelism: true,
  },
});
