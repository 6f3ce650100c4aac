/**
 * The server's entry point: `node apps/server/dist/main.js` once built (`npm run build`; what
 * production runs), or `node --import tsx apps/server/src/main.ts` from the sources. Configuration
 * from the environment (config.ts); SIGINT/SIGTERM stop it gracefully, also while it starts.
 */
import { loadConfigOrExit } from './config';
import { deferSignalsWhileStarting, startServer, stopOnSignals } from './server';

const starting = deferSignalsWhileStarting();
const server = await startServer(loadConfigOrExit());
stopOnSignals(server.close, (message) => server.app.log.info(message));
starting.started();

// A parent that started the server with an IPC channel (the benchmark, bench/tracking.ts) may ask
// for the tracking counters between its runs; a server started otherwise has no channel.
if (process.send) {
  process.on('message', (message) => {
    if (message !== 'tracking-stats') return;
    process.send?.({
      type: 'tracking-stats',
      tracking: server.app.trackingStats,
      writer: server.app.trackingWriterStats,
    });
  });
  process.channel?.unref();
}
