// Gives each decision record added on a branch as docs/decisions/<slug>.md its number: renames it
// to NNN-<slug>.md (the next free numbers, in the order given, else alphabetical), turns its title
// into `# NNN. Title`, and lists it in docs/decisions/README.md under the section named by
// `--section "…"` (made at the end when it does not exist yet). Usage:
//   node scripts/number-decisions.mjs --section "Entitlements (issue 21)" [slug.md …]
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '..', 'docs', 'decisions');
const args = process.argv.slice(2);
const at = args.indexOf('--section');
if (at === -1 || !args[at + 1]) throw new Error('--section "…" names the index section');
const section = args[at + 1];
const named = args.filter((_, index) => index !== at && index !== at + 1);
const files = readdirSync(dir);
const numbered = files.filter((file) => /^\d{3}-/.test(file)).map((file) => Number(file.slice(0, 3)));
let next = Math.max(0, ...numbered) + 1;
const slugs =
  named.length > 0 ? named : files.filter((file) => !/^\d{3}-/.test(file) && file !== 'README.md').sort();
const lines = [];
for (const slug of slugs) {
  const number = String(next++).padStart(3, '0');
  const target = `${number}-${slug}`;
  execFileSync('git', ['mv', path.join(dir, slug), path.join(dir, target)]);
  const text = readFileSync(path.join(dir, target), 'utf8');
  const title = /^# (?:\d{3}\. )?(.+)$/m.exec(text)?.[1] ?? slug;
  writeFileSync(path.join(dir, target), text.replace(/^# .+$/m, `# ${number}. ${title}`));
  // The decision's first sentence, without the list dash and bold of a decision written as a list.
  const summary = (
    /\*\*Decision\.\*\*\s+(?:- )?([^.]+\.)/.exec(text.replace(/\s+/g, ' '))?.[1] ?? ''
  ).replaceAll('**', '');
  lines.push(`- [${number}. ${title}](${target})${summary ? `: ${summary}` : ''}`);
  console.log(`${slug} → ${target}`);
}
const index = path.join(dir, 'README.md');
let readme = readFileSync(index, 'utf8').trimEnd();
const heading = `## ${section}`;
if (readme.includes(`\n${heading}\n`)) {
  const start = readme.indexOf(`\n${heading}\n`) + heading.length + 2;
  const end = readme.indexOf('\n## ', start);
  const cut = end === -1 ? readme.length : end;
  readme = `${readme.slice(0, cut).trimEnd()}\n${lines.join('\n')}\n${readme.slice(cut)}`;
} else {
  readme = `${readme}\n\n${heading}\n\n${lines.join('\n')}`;
}
writeFileSync(index, `${readme.trimEnd()}\n`);
