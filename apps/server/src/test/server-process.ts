import { freePort } from '@mergedesk/identity-provider/testing/provider-browser';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The server in a process of its own, as production runs it (main.ts: its real logger, its signal
 * handling, its own embedded PostgreSQL unless DATABASE_URL is given). For the fault tests of
 * what only a whole process shows: an exception that ends it, a kill, a shutdown.
 */
export type ServerProcess = {
  url: string;
  pid: number;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
  /** Its log lines (pino's JSON) whose `msg` is `message`. */
  logged: (message: string) => Array<Record<string, unknown>>;
  alive: () => boolean;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill: (signal: NodeJS.Signals) => void;
};

const MAIN = path.join(import.meta.dirname, '..', 'main.ts');
const ROOT = path.join(import.meta.dirname, '..', '..', '..', '..');

/** The environment of such a server: the demo data, fast aggregation, no tracking limits. */
const serverProcessEnv = (env: Record<string, string>): Record<string, string> => ({
  NODE_ENV: 'test',
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  WEB_DIST_DIR: '',
  SEED_DEMO: 'true',
  AGGREGATION_INTERVAL_MS: '100',
  TRACKING_ADDRESS_RATE_PER_SECOND: '1000000',
  TRACKING_TOKEN_RATE_PER_MINUTE: '1000000',
  ...env,
});

/** Starts the server and waits until it is ready (/readyz answers 200), or fails with its output. */
export async function startServerProcess(
  env: Record<string, string>,
  /** `entry`: another entry than main.ts (a test's, e.g. test/sending-server-main.ts). */
  options: { readyWithinMs?: number; entry?: string } = {},
): Promise<ServerProcess> {
  const { server, child } = await spawnServer(env, options);
  const deadline = Date.now() + (options.readyWithinMs ?? 90_000);
  while (Date.now() < deadline) {
    if (!server.alive()) throw new Error(`the server ended before it was ready:\n${server.output()}`);
    const status = await fetch(`${server.url}/readyz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return server;
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error(
    `the server was not ready within ${options.readyWithinMs ?? 90_000} ms:\n${server.output()}`,
  );
}

/** Starts the server without waiting for it (a test of what happens while it starts). */
export async function spawnServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return (await spawnServer(env, {})).server;
}

async function spawnServer(env: Record<string, string>, options: { entry?: string }) {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', options.entry ?? MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...serverProcessEnv({ ...env, PORT: port }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  let running = true;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      running = false;
      resolve({ code, signal });
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    pid: child.pid!,
    output: () => output,
    logged: (message) =>
      output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => {
          try {
            return JSON.parse(line) as Record<string, unknown>;
          } catch {
            return {};
          }
        })
        .filter((entry) => entry.msg === message),
    alive: () => running,
    exited,
    kill: (signal) => child.kill(signal),
  };
  return { server, child };
}

/** Open pixels fetched in a loop by a few callers until stopped; counts the answers by status. */
export function startOpenLoad(urls: readonly string[], workers = 8) {
  const statuses = new Map<number, number>();
  /** Each answer's status with the times its request was sent and answered. */
  const answers: Array<{ sentAt: number; answeredAt: number; status: number }> = [];
  let running = true;
  let next = 0;
  const worker = async () => {
    while (running) {
      const url = urls[next++ % urls.length]!;
      const sentAt = Date.now();
      const response = await fetch(url).catch(() => undefined);
      const status = response?.status ?? 0;
      await response?.arrayBuffer().catch(() => undefined);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      answers.push({ sentAt, answeredAt: Date.now(), status });
      // A steady load rather than a maximal one: the machine is shared.
      await sleep(5);
    }
  };
  const all = Array.from({ length: workers }, worker);
  return {
    statuses,
    answers,
    stop: async () => {
      running = false;
      await Promise.all(all);
      return statuses;
    },
  };
}
