import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/domain',
      'apps/server',
      'apps/server/vitest.faults.config.ts',
      'apps/web',
      'dev-services/identity-provider',
      'dev-services/stripe-emulator',
      'dev-services/gmail-emulator',
    ],
  },
});
