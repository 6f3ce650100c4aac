/**
 * npm run bench -- web: the built web app's JavaScript as served to a browser that takes brotli
 * (the `.br` file the build wrote beside it, else the file itself: small files stay
 * uncompressed), against the budget of 300 KiB for all JS. Needs `npm run build` first.
 */
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Section } from './context';
import { log } from './report';

const DIST = 'apps/web/dist';
const ALL_JS_BUDGET_KIB = 300;

export const webSection: Section = {
  name: 'web',
  description: "the built web app's JavaScript, compressed",
  run: async ({ report }) => {
    if (!existsSync(DIST)) {
      log(`web: ${DIST} is missing (npm run build first): skipped`);
      return;
    }
    const files = (await readdir(DIST, { recursive: true })).filter((file) => file.endsWith('.js'));
    let servedBytes = 0;
    for (const file of files) {
      const full = path.join(DIST, file);
      servedBytes += (await stat(existsSync(`${full}.br`) ? `${full}.br` : full)).size;
    }
    report.target({
      section: 'web',
      name: `all JS, brotli as served (${files.length} files)`,
      value: servedBytes / 1024,
      unit: 'KiB',
      digits: 1,
      atMost: ALL_JS_BUDGET_KIB,
    });
  },
};
