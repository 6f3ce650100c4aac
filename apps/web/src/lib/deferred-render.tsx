import { useDeferredValue, type ReactNode } from 'react';

export type DeferredRenderProps = {
  /** Shown at once, in the render that mounts this component: keep it light (a skeleton). */
  fallback: ReactNode;
  children: ReactNode;
};

/**
 * Mounts `fallback` at once and `children` in a second, background render that React splits into
 * slices of about 5 ms, handing the main thread back to the browser between them (issue 11:
 * Total Blocking Time). TanStack Query hands its answers to React through useSyncExternalStore,
 * whose updates always render synchronously: a subtree that a query's answer mounts (the space
 * shell, a page, a table's rows) would otherwise be rendered in one long task. Once the children
 * are on screen, they update as usual.
 */
export function DeferredRender({ fallback, children }: DeferredRenderProps) {
  const ready = useDeferredValue(true, false);
  return ready ? children : fallback;
}
