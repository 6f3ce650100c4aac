/**
 * `npm run build` (with the web app's build): the server compiled to JavaScript with esbuild, so
 * production runs plain `node`, not the TypeScript loader. Two entry points, each one ES module
 * with a source map in apps/server/dist:
 *   main.js  — the server alone (apps/server/src/main.ts): what production runs;
 *   start.js — `npm start`'s local product (scripts/start.ts: identity provider, Stripe emulator,
 *              server, demo data), which the e2e suite runs too.
 * The workspace packages (@mergedesk/*, TypeScript sources) are bundled in; every other package
 * stays an import resolved from node_modules at run time. Each entry is a bundle of its own (no
 * shared chunks): db/client.ts finds the migrations next to the code, where they are copied.
 */
import { build, type Plugin } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outdir = path.join(root, 'apps/server/dist');

/** Bare imports of npm packages stay imports; the workspace's own packages are compiled in. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@mergedesk/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: {
    main: path.join(root, 'apps/server/src/main.ts'),
    start: path.join(root, 'scripts/start.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  plugins: [externalPackages],
  logLevel: 'warning',
});
cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(outdir, 'migrations'), {
  recursive: true,
});
console.log(
  `server built to ${path.relative(root, outdir)} in ${Math.round(performance.now() - started)} ms`,
);
