/**
 * The product for one e2e run (the config's webServer): `npm start`'s script, as built by
 * `npm run build` (apps/server/dist/start.js: compiled JavaScript, what production runs), on the
 * run's own ports and data directory, which is wiped before the start and removed when the run stops it.
 *
 * The server runs in a process group of its own: Playwright's SIGTERM goes to this process's
 * group, and is passed on to the server alone, which then stops its PostgreSQL itself (the same
 * signal sent to PostgreSQL directly would end its connections under the server's feet).
 *
 * Everything the server prints also goes to E2E_SERVER_LOG (e2e/server-log.ts), which the run's
 * last check reads (tests/server-log.teardown.ts); the file stays after the run.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is not set: the e2e config gives each run its own.');
const logFile = process.env.E2E_SERVER_LOG;
if (!logFile) throw new Error('E2E_SERVER_LOG is not set: the e2e config names the server log.');
const wipe = () => rmSync(dataDir, { recursive: true, force: true });
wipe();

const root = path.resolve(import.meta.dirname, '..');
// The pinned Node.js 24 (the `node` devDependency, first on the PATH of npm scripts) runs the server.
console.log(`e2e server: Node.js ${process.version}`);
mkdirSync(path.dirname(logFile), { recursive: true });
// Logs of earlier runs stay for reading, for a day.
for (const name of readdirSync(path.dirname(logFile))) {
  const file = path.join(path.dirname(logFile), name);
  if (/^e2e-\d+-server\.log$/.test(name) && Date.now() - statSync(file).mtimeMs > 24 * 60 * 60 * 1000) {
    rmSync(file, { force: true });
  }
}
const log = createWriteStream(logFile, { flags: 'w' });
const server = spawn(process.execPath, ['apps/server/dist/start.js'], {
  cwd: root,
  stdio: ['inherit', 'pipe', 'pipe'],
  detached: true,
});
// The file gets every line; the console, as before, what is not a log line below warn (pino
// levels: 40 warn, 50 error, 60 fatal), so a run's output stays readable at LOG_LEVEL info.
const isQuiet = (line: string) => /^\{"level":[1-3]\d,/.test(line);
createInterface({ input: server.stdout, crlfDelay: Infinity }).on('line', (line) => {
  log.write(`${line}\n`);
  if (!isQuiet(line)) process.stdout.write(`${line}\n`);
});
server.stderr.on('data', (chunk: Buffer) => {
  process.stderr.write(chunk);
  log.write(chunk);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
// 'close': the server has exited and its last lines are read.
server.on('close', (code) => {
  wipe();
  log.end(() => process.exit(code ?? 1));
});
