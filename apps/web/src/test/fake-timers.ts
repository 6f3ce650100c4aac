import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * Fake timers for every test of the calling file (or describe block; the time limit below is the
 * file's), shared with Testing Library:
 * debounces, user-event's pauses and the timeouts of `findBy…`/`waitFor` all run on one clock that
 * only moves when the test (or Testing Library's waiting) moves it, never with the machine's load.
 * On real timers a busy machine let a 1-second `findBy` expire before a 200 ms debounce and the
 * render after it were done.
 *
 * Testing Library advances fake timers while it waits when it finds jest's timer API
 * (`jestFakeTimersAreEnabled` in @testing-library/dom); Vitest's is lent to it under that name
 * (testing-library/react-testing-library#1197). Only timers are faked: `Date` stays real.
 *
 * Use `fakeTimerUser()` instead of the `userEvent` default export: its pauses move the fake clock.
 */
export function runOnFakeTimers(): void {
  // On this clock a test's wall time is its CPU time alone, and the time limit only guards against
  // a hang: a machine that gives the test a tenth of a core must not fail it. A test cut off by the
  // limit would also leave its wait looping on the next test's clock.
  vi.setConfig({ testTimeout: 60_000 });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    Object.assign(globalThis, { jest: { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) } });
  });
  afterEach(() => {
    vi.useRealTimers();
    // Only what was lent here: the file's own stubbed globals stay as they are.
    delete (globalThis as { jest?: unknown }).jest;
  });
}

/** A user-event instance whose pauses advance the fake clock (see `runOnFakeTimers`). */
export function fakeTimerUser(): UserEvent {
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}
