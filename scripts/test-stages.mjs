// `npm test`: runs the stages named on the command line one after another (each an npm script),
// says how long each took, and stops at the first that fails. The summary is printed either way,
// so a slow or failing stage is visible at the end of a long log (issue 23: `npm test` under 15
// minutes on a quiet machine).
import { spawnSync } from 'node:child_process';

const stages = process.argv.slice(2);
const npm = process.env.npm_execpath;
const times = [];
const format = (ms) =>
  `${Math.floor(ms / 60_000)}:${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}`;
const started = performance.now();
let failed;
for (const stage of stages) {
  const begin = performance.now();
  console.log(`\n▶ ${stage}`);
  const result = npm
    ? spawnSync(process.execPath, [npm, 'run', stage], { stdio: 'inherit' })
    : spawnSync('npm', ['run', stage], { stdio: 'inherit', shell: true });
  times.push([stage, performance.now() - begin, result.status === 0]);
  if (result.status !== 0) {
    failed = stage;
    break;
  }
}
console.log('\nnpm test, by stage (m:ss):');
for (const [stage, ms, ok] of times)
  console.log(`  ${ok ? 'ok    ' : 'FAILED'} ${format(ms).padStart(6)}  ${stage}`);
for (const stage of stages.slice(times.length)) console.log(`  not run         ${stage}`);
console.log(`  total  ${format(performance.now() - started).padStart(6)}`);
if (failed) process.exit(1);
