// `npm test`: runs the stages named on the command line one after another (each an npm script),
// says how long each took, and stops at the first that fails. Stages joined by `+` (`lint+typecheck`)
// run side by side: each is single-threaded, so on two cores the pair takes as long as the slower one.
// Their output is held and printed whole, one stage after the other, so logs do not interleave.
// The summary is printed either way, so a slow or failing stage is visible at the end of a long log
// (issue 23: `npm test` under 15 minutes on a quiet machine).
import { spawn } from 'node:child_process';

const groups = process.argv.slice(2).map((arg) => arg.split('+'));
const npm = process.env.npm_execpath;
const times = [];
const format = (ms) =>
  `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;

/** Runs one npm script; `hold` collects its output instead of streaming it. */
function run(stage, hold) {
  const begin = performance.now();
  const stdio = hold ? ['ignore', 'pipe', 'pipe'] : 'inherit';
  const child = npm
    ? spawn(process.execPath, [npm, 'run', stage], { stdio })
    : spawn('npm', ['run', stage], { stdio, shell: true });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      resolve({ stage, ms: performance.now() - begin, ok: code === 0, output: Buffer.concat(output) });
    });
  });
}

const started = performance.now();
let failed = false;
for (const group of groups) {
  console.log(`\n▶ ${group.join(' + ')}`);
  const results = await Promise.all(group.map((stage) => run(stage, group.length > 1)));
  for (const result of results) {
    if (group.length > 1) {
      console.log(`\n── ${result.stage} ──`);
      process.stdout.write(result.output);
    }
    times.push(result);
    failed ||= !result.ok;
  }
  if (failed) break;
}
console.log('\nnpm test, by stage (m:ss):');
for (const { stage, ms, ok } of times)
  console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${format(ms).padStart(6)}  ${stage}`);
for (const stage of groups.flat())
  if (!times.some((t) => t.stage === stage)) console.log(`  not run         ${stage}`);
console.log(`  total  ${format(performance.now() - started).padStart(6)}`);
if (failed) process.exit(1);
