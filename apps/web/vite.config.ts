import react from '@vitejs/plugin-react';
import { bundleBudget } from './build/bundle-budget';
import { chunkGroups, LOGIN_PAGE } from './build/chunking';
// vitest/config re-exports Vite's defineConfig with the `test` block typed.
import { defineConfig } from 'vitest/config';

/** The API in development (`npm start` serves API and built app together on this port). */
const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), bundleBudget({ loginModule: LOGIN_PAGE })],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET },
      // the "billing host" base of spec 000 §7 (ARCHITECTURE.md "API surface")
      '/billing': { target: API_TARGET },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      // A zod schema built at a module's top level (`z.enum(...)`, `z.object(...)`) is dropped when
      // the web app does not use it (docs/decisions/356-web-bundle-diet.md).
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        // One chunk per kind of visitor instead of ~80 small ones (chunking.ts).
        codeSplitting: { groups: chunkGroups },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
