import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'gmail-emulator', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
