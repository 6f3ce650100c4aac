import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'identity-provider', include: ['src/**/*.test.ts'] },
});
