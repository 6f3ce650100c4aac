import { lazy, type ComponentType } from 'react';

/**
 * React.lazy that can be loaded ahead of its first render. Once loaded, the component renders
 * directly instead of through React.lazy, which suspends on its first render even when the module
 * is already there — and React then holds the content back behind the Suspense fallback for up to
 * 300 ms (its fallback throttle). Used for the signed-in app, loaded while the session is being
 * restored (issue 11: the sent merges page's LCP).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy's own signature
export function lazyWithPreload<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  const Component = (props: React.ComponentProps<T>) => {
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  };
  return Object.assign(Component, { preload });
}
