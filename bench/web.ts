/**
 * npm run bench -- web: the built web app's JavaScript, compressed (gzip), against the issue's
 * budget of 300 KiB for all JS. Needs `npm run build` first.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
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
    let gzipBytes = 0;
    for (const file of files)
      gzipBytes += gzipSync(await readFile(path.join(DIST, file)), { level: 9 }).length;
    report.target({
      section: 'web',
      name: `all JS, gzip (${files.length} files)`,
      value: gzipBytes / 1024,
      unit: 'KiB',
      digits: 1,
      atMost: ALL_JS_BUDGET_KIB,
    });
  },
};
