/**
 * npm run bench [-- <section> …] — the performance figures of issue 11 in one run. Sections:
 * tracking (bench/tracking.ts), lists (bench/lists.ts), web (bench/web.ts), sending
 * (bench/sending.ts); none named runs them
 * all. Each prints its timing tables with the raw numbers; the targets of every section (a value
 * beside its baseline as a ratio, with PASS/FAIL; bench/report.ts) are printed together at the
 * end, and the run exits 1 when one failed. The sections share one embedded PostgreSQL
 * (bench/context.ts: `.data/bench`, port BENCH_POSTGRES_PORT or 54390).
 */
import { performance } from 'node:perf_hooks';
import { createBenchContext, type Section } from './context';
import { listsSection } from './lists';
import { sendingSection } from './sending';
import { createReport, log, seconds } from './report';
import { trackingSection } from './tracking';
import { webSection } from './web';

const sections: Section[] = [trackingSection, listsSection, webSection, sendingSection];

const names = process.argv.slice(2).filter((arg) => arg !== '--');
const unknown = names.filter((name) => !sections.some((section) => section.name === name));
if (unknown.length > 0) {
  console.error(`Unknown section ${unknown.join(', ')}. Sections:`);
  for (const section of sections) console.error(`  ${section.name.padEnd(10)} ${section.description}`);
  process.exit(2);
}
const chosen = names.length === 0 ? sections : sections.filter((section) => names.includes(section.name));

const started = performance.now();
const report = createReport();
const context = createBenchContext(report);
try {
  for (const section of chosen) {
    const sectionStart = performance.now();
    log(`section ${section.name}: ${section.description}`);
    await section.run(context);
    log(`section ${section.name} done in ${seconds(sectionStart)}`);
  }
} finally {
  await context.close();
}
report.printTargets();
const failed = report.failed();
log(`done in ${seconds(started)}${failed.length > 0 ? `, ${failed.length} target(s) FAILED` : ''}`);
process.exitCode = failed.length > 0 ? 1 : 0;
