import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'stripe-emulator', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
