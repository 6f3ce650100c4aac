import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { precompressDir, type Compressed } from './precompress';

/**
 * The bundle budgets of issue 11, in KiB of what the server sends: the brotli files written at
 * build (gzip is printed beside them). The build fails when one is exceeded.
 */
export const BUDGETS_KIB = {
  /** The JavaScript /login needs before it shows: the entry, its static imports, the login chunk. */
  loginInitialJs: 150,
  /**
   * Every JavaScript file of the build together (issue 11's target of 300; see the web-bundle-diet
   * record): 302 while the composer and the merge progress page (issue 25) wait for the next diet
   * (docs/decisions/413-web-budget-after-the-composer.md).
   */
  allJs: 302,
} as const;

type BudgetName = keyof typeof BUDGETS_KIB;

/** What the budget needs to know of a chunk of the build output. */
export type ChunkInfo = {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  moduleIds: readonly string[];
};

type Measure = { files: string[]; brotliKiB: number; gzipKiB: number; budgetKiB: number };
export type BundleReport = Record<BudgetName, Measure>;

/** The chunks `roots` load before they run: themselves and their static imports, transitively. */
function staticClosure(roots: readonly ChunkInfo[], byFile: ReadonlyMap<string, ChunkInfo>): string[] {
  const seen = new Set<string>();
  const stack = roots.map((chunk) => chunk.fileName);
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(byFile.get(file)?.imports ?? []));
  }
  return [...seen].sort();
}

/**
 * Measures the budgets over the build's chunks. `loginModule` identifies the login page's module
 * (a suffix of its id without extension); `sizes` holds the compressed size of every file.
 */
export function measureBundle(
  chunks: readonly ChunkInfo[],
  sizes: ReadonlyMap<string, Pick<Compressed, 'brotli' | 'gzip'>>,
  loginModule: string,
): BundleReport {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const isLoginModule = (id: string) =>
    id
      .replace(/\\/g, '/')
      .replace(/\.[jt]sx?$/, '')
      .endsWith(loginModule);
  const loginChunk = chunks.find((chunk) => chunk.moduleIds.some(isLoginModule));
  if (!loginChunk) throw new Error(`No chunk of the build holds the login page (${loginModule}).`);
  const entries = chunks.filter((chunk) => chunk.isEntry);
  const measure = (files: string[], budgetKiB: number): Measure => {
    let brotliBytes = 0;
    let gzipBytes = 0;
    for (const file of files) {
      const size = sizes.get(file);
      if (!size) throw new Error(`No compressed size for ${file}.`);
      brotliBytes += size.brotli;
      gzipBytes += size.gzip;
    }
    return { files, brotliKiB: brotliBytes / 1024, gzipKiB: gzipBytes / 1024, budgetKiB };
  };
  return {
    loginInitialJs: measure(staticClosure([...entries, loginChunk], byFile), BUDGETS_KIB.loginInitialJs),
    allJs: measure(chunks.map((chunk) => chunk.fileName).sort(), BUDGETS_KIB.allJs),
  };
}

/** One line per budget exceeded; empty when the build is within every budget. */
export function budgetFailures(report: BundleReport): string[] {
  return Object.entries(report)
    .filter(([, measure]) => measure.brotliKiB > measure.budgetKiB)
    .map(
      ([name, measure]) =>
        `${name}: ${measure.brotliKiB.toFixed(1)} KiB brotli is over its budget of ${measure.budgetKiB} KiB`,
    );
}

/**
 * The modules of zod's classic build in the bundle (docs/decisions/356-web-bundle-diet.md): one classic
 * schema the web app runs — its own, or a domain module's top-level one — brings all of zod
 * (~20 KiB brotli); the web app's schemas are zod/mini. The build fails when there is one.
 */
export function classicZodModules(chunks: readonly Pick<ChunkInfo, 'moduleIds'>[]): string[] {
  return chunks
    .flatMap((chunk) => chunk.moduleIds)
    .filter((id) => /[\\/]node_modules[\\/]zod[\\/](v4[\\/]classic|v3)[\\/]/.test(id))
    .sort();
}

/** Where the build writes the measured sizes (read by `npm run bench`, bench/web.ts). */
export const BUNDLE_REPORT_FILE = path.join('.vite', 'bundle-size.json');

/**
 * Precompresses the build (brotli and gzip beside every text file) and checks the budgets: the
 * build fails when the login page's first JavaScript or all JavaScript is over its budget.
 */
export function bundleBudget(options: { loginModule: string }): Plugin {
  return {
    name: 'mergedesk:bundle-budget',
    apply: 'build',
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? 'dist';
      const compressed = await precompressDir(outDir);
      const sizes = new Map(compressed.map((file) => [file.file.replace(/\\/g, '/'), file]));
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk' ? [{ ...item, imports: item.imports, moduleIds: item.moduleIds }] : [],
      );
      const report = measureBundle(chunks, sizes, options.loginModule);
      await writeFile(path.join(outDir, BUNDLE_REPORT_FILE), `${JSON.stringify(report, null, 2)}\n`);
      for (const [name, measure] of Object.entries(report))
        this.info(
          `${name}: ${measure.brotliKiB.toFixed(1)} KiB brotli (${measure.gzipKiB.toFixed(1)} KiB gzip), budget ${measure.budgetKiB} KiB, ${measure.files.length} files`,
        );
      const failures = budgetFailures(report);
      const classic = classicZodModules(chunks);
      if (classic.length > 0)
        failures.push(
          `zod's classic build is in the bundle (use zod/mini): ${classic.slice(0, 3).join(', ')}`,
        );
      if (failures.length > 0) this.error(`Bundle budget exceeded (issue 11):\n${failures.join('\n')}`);
    },
  };
}
