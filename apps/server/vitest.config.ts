import { configDefaults, defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Fault-injection and fuzz suites run in their own project (vitest.faults.config.ts).
    exclude: [...configDefaults.exclude, 'src/**/*.faults.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/no-queued-queries.ts'],
    testTimeout: 20000,
    hookTimeout: 60000,
    // Each test file has its own database (created from a migrated template), so files run in parallel.
    fileParallelism: true,
  },
});
