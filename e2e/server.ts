/**
 * The product for one e2e run (the config's webServer): `npm start`'s script, as built by
 * `npm run build` (apps/server/dist/start.js: compiled JavaScript, what production runs), on the
 * run's own ports and data directory, which is wiped before the start and removed when the run stops it.
 *
 * The server runs in a process group of its own: Playwright's SIGTERM goes to this process's
 * group, and is passed on to the server alone, which then stops its PostgreSQL itself (the same
 * signal sent to PostgreSQL directly would end its connections under the server's feet).
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is not set: the e2e config gives each run its own.');
const wipe = () => rmSync(dataDir, { recursive: true, force: true });
wipe();

const root = path.resolve(import.meta.dirname, '..');
// The pinned Node.js 24 (the `node` devDependency, first on the PATH of npm scripts) runs the server.
console.log(`e2e server: Node.js ${process.version}`);
const server = spawn(process.execPath, ['apps/server/dist/start.js'], {
  cwd: root,
  stdio: 'inherit',
  detached: true,
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  wipe();
  process.exit(code ?? 1);
});
