import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../../test/render';
import type { PriceQuery } from './price-region';
import { PriceRegion } from './price-region';

const ERROR = 'The price could not be loaded.';

function show(query: PriceQuery<string>, idle = false) {
  renderPage(
    <PriceRegion query={query} idle={idle}>
      {(price) => <p>{price}</p>}
    </PriceRegion>,
  );
}

describe('PriceRegion (spec 001 §2, §4; issue 22)', () => {
  it.each<[string, PriceQuery<string>, 'price' | 'error' | 'loading']>([
    ['loaded', { data: '$60.00', isError: false, isFetching: false }, 'price'],
    ['loaded, refreshing', { data: '$60.00', isError: false, isFetching: true }, 'price'],
    ['first load', { data: undefined, isError: false, isFetching: true }, 'loading'],
    ['failed and settled', { data: undefined, isError: true, isFetching: false }, 'error'],
    // A failed query asked again (remount, retry) waits for its answer instead of flashing the error.
    ['failed, fetched again', { data: undefined, isError: true, isFetching: true }, 'loading'],
  ])('%s → %s', (_label, query, shown) => {
    show(query);
    expect(screen.queryByText('$60.00') !== null).toBe(shown === 'price');
    expect(screen.queryByText(ERROR) !== null).toBe(shown === 'error');
    expect(screen.queryByLabelText('Loading the price') !== null).toBe(shown === 'loading');
  });

  it('stays empty while there is nothing to price', () => {
    show({ data: undefined, isError: true, isFetching: false }, true);
    expect(screen.queryByText(ERROR)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Loading the price')).not.toBeInTheDocument();
  });
});
