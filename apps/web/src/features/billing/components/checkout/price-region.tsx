import { Skeleton, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a price query shows: its data, whether it failed, whether it is (re)loading. */
export type PriceQuery<T> = { data: T | undefined; isError: boolean; isFetching: boolean };

export type PriceRegionProps<T> = {
  /** The preview or quote. */
  query: PriceQuery<T>;
  /** Nothing to price yet (e.g. no valid quantity): the region stays, empty. */
  idle?: boolean;
  /** The loaded price. */
  children: (data: T) => ReactNode;
  /** The placeholder's height: 40 for a price block, 20 for a sentence. */
  skeletonHeight?: number;
};

/**
 * The live region of a checkout price (spec 001 §2, §4): the price once loaded, 'The price could
 * not be loaded.' once the request has failed and nothing is asked again, else a placeholder; busy
 * while a new price loads, and announced politely when it changes. A failed query that is fetched
 * again (a remount, a retry) shows the placeholder until it settles, not the old error (issue 22:
 * Premium → Pro flashed the error before its price).
 */
export function PriceRegion<T>({ query, children, idle = false, skeletonHeight = 40 }: PriceRegionProps<T>) {
  return (
    <div aria-live="polite" aria-busy={query.isFetching}>
      {idle ? null : query.data !== undefined ? (
        children(query.data)
      ) : query.isError && !query.isFetching ? (
        <Text size="sm" c="red">
          The price could not be loaded.
        </Text>
      ) : (
        <Skeleton height={skeletonHeight} aria-label="Loading the price" />
      )}
    </div>
  );
}
