import { Center, Loader } from '@mantine/core';
import { RetryAlert } from '../../../../components/retry-alert';

export type CheckoutQueryFallbackProps = {
  /** The query the checkout waits for (the subscriptions, the checkout users), not yet loaded. */
  query: { isError: boolean; isFetching: boolean; refetch: () => Promise<unknown> };
};

/**
 * What the checkout shows until the query it decides by has loaded: a loader, or after a failure
 * the generic banner with 'Try again' (spec 000 §8). Render it while `!query.isSuccess`.
 */
export function CheckoutQueryFallback({ query }: CheckoutQueryFallbackProps) {
  if (query.isError) {
    return <RetryAlert onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  }
  return (
    <Center py="xl">
      <Loader aria-label="Loading the checkout" />
    </Center>
  );
}
