import { defineProject } from 'vitest/config';

/**
 * `npm run test:faults`: fault injection (PostgreSQL restarted or its connections killed mid-load)
 * and the input fuzz over every OpenAPI route. Any `src/**\/*.faults.test.ts` belongs here; the
 * server project leaves them out. Files run one at a time: they load the machine on purpose.
 */
export default defineProject({
  test: {
    name: 'faults',
    include: ['src/**/*.faults.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 120000,
    hookTimeout: 120000,
    fileParallelism: false,
  },
});
