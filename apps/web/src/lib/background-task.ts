type PostTask = (callback: () => void, options: { priority: 'background' }) => Promise<unknown>;

/**
 * Runs `callback` in a task of background priority (the Prioritized Task Scheduling API, Chromium
 * and Firefox) so that tasks the browser already has queued at normal priority run first — among
 * them React's slices of a render in progress (lib/deferred-render.tsx). Elsewhere a plain
 * `setTimeout(0)`.
 */
export function runInBackgroundTask(callback: () => void): void {
  const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
  if (typeof scheduler?.postTask === 'function')
    void scheduler.postTask(callback, { priority: 'background' });
  else setTimeout(callback, 0);
}

/**
 * Runs `callback` once the browser is idle (requestIdleCallback, at most `timeoutMs` later), or
 * after `timeoutMs` where there is no such API. Returns a function that cancels it.
 */
export function runWhenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(callback, timeoutMs);
  return () => clearTimeout(handle);
}
