/**
 * Token buckets per key, in memory, for limits on the hot path (the tracking endpoints): one Map
 * lookup and a little arithmetic per call, no database round-trip and no timer. A key's bucket
 * holds up to `capacity` tokens and refills `refillPerSecond`; each call takes one. The Map keeps
 * the most recently used `maxKeys` buckets (an evicted key starts again with a full bucket, which
 * is what an idle key would have anyway).
 */
export type TokenBuckets = {
  /** Takes a token from `key`'s bucket: false when it is empty (the call is over the limit). */
  take: (key: string) => boolean;
  readonly size: number;
};

export type TokenBucketOptions = {
  capacity: number;
  refillPerSecond: number;
  maxKeys?: number;
  /** Milliseconds; injectable for tests. */
  now?: () => number;
};

type Bucket = { tokens: number; at: number };

export function createTokenBuckets(options: TokenBucketOptions): TokenBuckets {
  const { capacity, refillPerSecond } = options;
  const maxKeys = options.maxKeys ?? 100_000;
  const now = options.now ?? Date.now;
  const buckets = new Map<string, Bucket>();
  return {
    take: (key) => {
      const time = now();
      let bucket = buckets.get(key);
      if (bucket) {
        // Re-inserted below: the Map's order is the order of last use.
        buckets.delete(key);
        bucket.tokens = Math.min(capacity, bucket.tokens + ((time - bucket.at) / 1000) * refillPerSecond);
        bucket.at = time;
      } else {
        bucket = { tokens: capacity, at: time };
        if (buckets.size >= maxKeys) {
          const leastRecent = buckets.keys().next();
          if (leastRecent.done !== true) buckets.delete(leastRecent.value);
        }
      }
      buckets.set(key, bucket);
      if (bucket.tokens < 1) return false;
      bucket.tokens -= 1;
      return true;
    },
    get size() {
      return buckets.size;
    },
  };
}
