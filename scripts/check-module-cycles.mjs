// @ts-check
/**
 * The server's folders import each other without a cycle (issue 23: "the billing ↔ members folder
 * cycle goes"). import-x/no-cycle sees files; this sees folders (each module, lib, mail, jobs, db…):
 * it reads the relative imports of every non-test file under apps/server/src and fails on a cycle
 * between folders. Imports of an owner's `*.views.ts` (leaf files over db/ only, checked below) do not count:
 * a view is a table's published shape, not a call into the module.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../apps/server/src');
const folderOf = (/** @type {string} */ file) => {
  const parts = relative(root, file).split('/');
  // A file at the root (app.ts, config.ts…) is a node of its own: config.ts is a leaf, app.ts the top.
  if (parts.length === 1) return /** @type {string} */ (parts[0]).replace(/\.ts$/, '');
  return parts[0] === 'modules' ? `modules/${parts[1]}` : /** @type {string} */ (parts[0]);
};

/** @type {Map<string, Map<string, string>>} folder -> imported folder -> one importing file */
const edges = new Map();
/** @type {string[]} */
const impureViews = [];
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
  const file = join(entry.parentPath, entry.name);
  const from = folderOf(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/^(?:import|export)\b[^'"]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
    const target = resolve(dirname(file), /** @type {string} */ (match[1]));
    const to = folderOf(`${target}.ts`);
    // A views file is a leaf over db/: that is why its importers' edges need not count.
    if (entry.name.endsWith('.views.ts') && to !== 'db')
      impureViews.push(`${relative(root, file)} -> ${match[1]}`);
    if (target.endsWith('.views')) continue;
    if (to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    edges.get(from)?.set(to, relative(root, file));
  }
}

/** @type {string[][]} */
const cycles = [];
const state = new Map();
/** @param {string} node @param {string[]} path */
function visit(node, path) {
  state.set(node, 'open');
  for (const next of edges.get(node)?.keys() ?? []) {
    if (state.get(next) === 'open') cycles.push([...path.slice(path.indexOf(next)), next]);
    else if (!state.has(next)) visit(next, [...path, next]);
  }
  state.set(node, 'done');
}
for (const node of edges.keys()) if (!state.has(node)) visit(node, [node]);

for (const line of impureViews) console.error(`A *.views.ts file imports only db/ and packages: ${line}`);
if (cycles.length > 0) {
  for (const cycle of cycles) {
    const steps = cycle
      .slice(1)
      .map((to, i) => `${cycle[i]} -> ${to} (${edges.get(/** @type {string} */ (cycle[i]))?.get(to)})`);
    console.error(`Folder import cycle: ${cycle.join(' -> ')}\n  ${steps.join('\n  ')}`);
  }
}
if (cycles.length > 0 || impureViews.length > 0) process.exit(1);
console.log(`apps/server/src: ${edges.size} folders, no import cycle between them`);
