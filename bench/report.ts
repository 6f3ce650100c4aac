/**
 * The benchmark's one way of reporting (issue 11): timing tables of the raw numbers, and targets —
 * a measured value beside its baseline (raw `node:http`, PostgreSQL's own time, …) as a ratio, with
 * the bound the issue sets and PASS/FAIL. Sections add to one report; `bench/run.ts` prints the
 * targets of every section together at the end.
 */
import { performance } from 'node:perf_hooks';

export const log = (message: string) => console.log(`[bench] ${message}`);

export function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** Latencies of one measured endpoint, in ms. */
export type Row = {
  name: string;
  requests: number;
  concurrency: number;
  p50: number;
  p95: number;
  /** Present when the load generator reports it (autocannon). */
  p99?: number;
  max: number;
  rps: number;
  /** PostgreSQL's own execution time of the endpoint's statements (EXPLAIN ANALYZE, median). */
  pgMs?: number;
};

/** A value against a baseline: `value / baseline` must stay within the bounds given. */
type RatioBound = {
  baselineName: string;
  baseline: number;
  /** e.g. 0.7: at least 70 % of the baseline (throughput). */
  atLeast?: number;
  /** e.g. 2: at most twice the baseline (time). */
  atMost?: number;
  /** How the ratio reads: 'percent' (70 %) or 'times' (2.0×). */
  as: 'percent' | 'times';
};

type Target = {
  section: string;
  name: string;
  value: number;
  unit: string;
  /** Digits after the point when printing value and baseline. */
  digits?: number;
  ratio?: RatioBound;
  /** Absolute bounds on the value, in its unit (e.g. p99 < 20 ms: `below: 20`). */
  below?: number;
  atMost?: number;
  atLeast?: number;
  /** A baseline shown for context only, without a ratio bound. */
  context?: { name: string; value: number };
};

export type Report = {
  table: (title: string, rows: Row[], note?: string) => void;
  target: (target: Target) => boolean;
  targets: () => readonly Target[];
  failed: () => Target[];
  printTargets: () => void;
};

function passes(target: Target): boolean {
  const { value, ratio } = target;
  if (!Number.isFinite(value)) return false;
  if (target.below !== undefined && !(value < target.below)) return false;
  if (target.atMost !== undefined && !(value <= target.atMost)) return false;
  if (target.atLeast !== undefined && !(value >= target.atLeast)) return false;
  if (ratio) {
    const r = value / ratio.baseline;
    if (!Number.isFinite(r)) return false;
    if (ratio.atLeast !== undefined && !(r >= ratio.atLeast)) return false;
    if (ratio.atMost !== undefined && !(r <= ratio.atMost)) return false;
  }
  return true;
}

const formatNumber = (value: number, digits = 0) =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const formatRatio = (value: number, as: RatioBound['as']) =>
  as === 'percent' ? `${Math.round(value * 100)} %` : `${value.toFixed(2)}×`;

function boundText(target: Target): string {
  const parts: string[] = [];
  const { ratio, unit } = target;
  if (ratio?.atLeast !== undefined) parts.push(`≥ ${formatRatio(ratio.atLeast, ratio.as)}`);
  if (ratio?.atMost !== undefined) parts.push(`≤ ${formatRatio(ratio.atMost, ratio.as)}`);
  if (target.below !== undefined) parts.push(`< ${formatNumber(target.below, target.digits)} ${unit}`);
  if (target.atMost !== undefined) parts.push(`≤ ${formatNumber(target.atMost, target.digits)} ${unit}`);
  if (target.atLeast !== undefined) parts.push(`≥ ${formatNumber(target.atLeast, target.digits)} ${unit}`);
  return parts.join(', ');
}

/** One target as a Markdown table row (section, target, measured, baseline, ratio, bound, result). */
function targetCells(target: Target): string[] {
  const { ratio, unit, digits } = target;
  const baseline = ratio
    ? `${ratio.baselineName}: ${formatNumber(ratio.baseline, digits)} ${unit}`
    : target.context
      ? `${target.context.name}: ${formatNumber(target.context.value, digits)} ${unit}`
      : '';
  return [
    target.section,
    target.name,
    `${formatNumber(target.value, digits)} ${unit}`,
    baseline,
    ratio ? formatRatio(target.value / ratio.baseline, ratio.as) : '',
    boundText(target),
    passes(target) ? 'PASS' : 'FAIL',
  ];
}

/** A Markdown table; the first `textColumns` columns align left, the others (numbers) right. */
export function printRows(header: string[], rows: string[][], textColumns = 1): void {
  console.log(`| ${header.join(' | ')} |`);
  console.log(`| ${header.map((_, index) => (index < textColumns ? '---' : '---:')).join(' | ')} |`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

export function createReport(): Report {
  const targets: Target[] = [];
  return {
    table: (title, rows, note) => {
      const withPg = rows.some((row) => row.pgMs !== undefined);
      const withP99 = rows.some((row) => row.p99 !== undefined);
      console.log(`\n${title}\n`);
      printRows(
        [
          'endpoint',
          'requests',
          'in flight',
          'p50 ms',
          'p95 ms',
          ...(withP99 ? ['p99 ms'] : []),
          'max ms',
          'req/s',
          ...(withPg ? ['PostgreSQL ms'] : []),
        ],
        rows.map((row) => [
          row.name,
          String(row.requests),
          String(row.concurrency),
          row.p50.toFixed(1),
          row.p95.toFixed(1),
          ...(withP99 ? [row.p99 === undefined ? '' : row.p99.toFixed(1)] : []),
          row.max.toFixed(1),
          String(Math.round(row.rps)),
          ...(withPg ? [row.pgMs === undefined ? '' : row.pgMs.toFixed(2)] : []),
        ]),
      );
      if (note) console.log(`\n${note}`);
    },
    target: (target) => {
      targets.push(target);
      const pass = passes(target);
      log(
        `${pass ? 'PASS' : 'FAIL'} ${target.section}: ${target.name} ${targetCells(target).slice(2, 6).filter(Boolean).join(' · ')}`,
      );
      return pass;
    },
    targets: () => targets,
    failed: () => targets.filter((target) => !passes(target)),
    printTargets: () => {
      if (targets.length === 0) return;
      console.log('\nTargets (issue 11)\n');
      printRows(
        ['section', 'target', 'measured', 'baseline', 'ratio', 'bound', 'result'],
        targets.map(targetCells),
        2,
      );
    },
  };
}

/** Runs `request` `total` times with `concurrency` in flight, in this process; latencies in ms. */
export async function measure(
  name: string,
  total: number,
  concurrency: number,
  request: () => Promise<void>,
): Promise<Row> {
  const latencies: number[] = [];
  let started = 0;
  const begin = performance.now();
  const worker = async () => {
    while (started < total) {
      started += 1;
      const t0 = performance.now();
      await request();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - begin) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const row = {
    name,
    requests: total,
    concurrency,
    p50: at(0.5),
    p95: at(0.95),
    max: at(1),
    rps: total / elapsed,
  };
  log(`${name} ×${concurrency}: p50 ${row.p50.toFixed(1)} ms, p95 ${row.p95.toFixed(1)} ms`);
  return row;
}

/** Fetches `url` and fails unless it answers `status` (redirects are not followed). */
export async function expectStatus(
  url: string,
  status: number,
  headers: Record<string, string> = {},
): Promise<void> {
  const response = await fetch(url, { headers, redirect: 'manual' });
  await response.arrayBuffer();
  if (response.status !== status) throw new Error(`${url} answered ${response.status}, expected ${status}`);
}
