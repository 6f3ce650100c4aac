import { describe, expect, it } from 'vitest';
import { legacyCreditText, unusedLicenceCredit, type LicenceCreditInput } from './legacy-credit';

const DAY = 86_400;
const year: LicenceCreditInput = {
  paidAmount: 36_000,
  periodStart: 0,
  periodEnd: 360 * DAY,
  at: 0,
  licenceCurrency: 'USD',
  newCurrency: 'usd',
};

describe('unusedLicenceCredit (issue 22: the unused part of a legacy licence)', () => {
  it.each<[string, Partial<LicenceCreditInput>, number]>([
    ['switched on day one: all of it', {}, 36_000],
    ['halfway', { at: 180 * DAY }, 18_000],
    ['a third of the way', { at: 120 * DAY }, 24_000],
    ['one second before the end', { at: 360 * DAY - 1 }, 0],
    ['at the end', { at: 360 * DAY }, 0],
    ['after the end', { at: 400 * DAY }, 0],
    ['before the period (a clock behind): all of it', { at: -DAY }, 36_000],
    ['another currency: none', { newCurrency: 'EUR' }, 0],
    ['nothing paid', { paidAmount: 0 }, 0],
    ['an empty period', { periodEnd: 0 }, 0],
  ])('%s', (_name, input, expected) => {
    expect(unusedLicenceCredit({ ...year, ...input })).toBe(expected);
  });

  it('words the review line', () => {
    expect(legacyCreditText('$18.00')).toBe(
      "Credit for your licence's unused time: $18.00, taken off your next invoices.",
    );
  });
});
