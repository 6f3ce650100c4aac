import type { Database } from '../db/client';
import { isDatabaseUnavailable } from '../db/errors';
import { eraseDeletedSpaces } from '../modules/space-life/space-life.service';

/** How often the erase job looks for deleted spaces whose grace period is over (days-long periods). */
const ERASE_INTERVAL_MS = 10 * 60_000;

export type SpaceEraser = { runOnce: () => Promise<string[]>; stop: () => Promise<void> };

/**
 * Erases deleted spaces once their grace period is over (issue 21; docs/decisions/346-space-deletion.md):
 * a small poller in the style of the event aggregation (pg-boss needs Node 22). Each run erases the
 * due spaces in batches (`skip locked`, so several processes may run it), again while a batch comes
 * back full. A database outage is logged once and the poller goes on at its interval.
 */
export function startSpaceErasure(options: {
  db: Database;
  intervalMs?: number;
  log: {
    error: (object: unknown, message: string) => void;
    info?: (object: unknown, message: string) => void;
  };
}): SpaceEraser {
  const intervalMs = options.intervalMs ?? ERASE_INTERVAL_MS;
  const batch = 20;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<string[]> | undefined;
  let outage = false;

  const drain = async (): Promise<string[]> => {
    const erased: string[] = [];
    for (;;) {
      const ids = await eraseDeletedSpaces(options.db, new Date(), batch);
      erased.push(...ids);
      if (stopped || ids.length < batch) return erased;
    }
  };
  const runOnce = () =>
    (running ??= drain()
      .then((erased) => {
        if (erased.length > 0)
          options.log.info?.({ erased }, 'deleted spaces erased after their grace period');
        return erased;
      })
      .finally(() => (running = undefined)));
  const tick = () => {
    runOnce()
      .then(
        () => {
          outage = false;
        },
        (error: unknown) => {
          if (!isDatabaseUnavailable(error))
            options.log.error({ err: error }, 'erasing deleted spaces failed');
          else if (!outage)
            options.log.error({ err: error }, 'erasing deleted spaces paused: database unavailable');
          outage = isDatabaseUnavailable(error);
        },
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, Math.min(intervalMs, 5_000));
  return {
    runOnce,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
