/**
 * The product for one e2e run (the config's webServer): `npm start`'s script on the run's own
 * ports and data directory, which is wiped before the start and removed when the run stops it.
 */
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR is not set: the e2e config gives each run its own.');
const wipe = () => rmSync(dataDir, { recursive: true, force: true });
wipe();
process.on('exit', wipe);

await import('../scripts/start');
