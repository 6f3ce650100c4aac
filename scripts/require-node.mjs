// Runs before `npm start`, `npm test`, `npm run build` and `npm run bench` (their `pre` scripts):
// says which Node.js runs them and stops unless it is the project's pinned Node 24 (the `node`
// devDependency, first on the PATH of npm scripts; package.json "engines", .nvmrc).
const major = Number(process.versions.node.split('.')[0]);
console.log(`Node.js ${process.version} (${process.execPath})`);
if (major !== 24) {
  console.error(
    `MergeDesk runs on Node.js 24, pinned in the project: run it through npm scripts (npm start, npm test, npm exec -- node …) after npm install.`,
  );
  process.exit(1);
}
