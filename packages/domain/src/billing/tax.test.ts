import { describe, expect, it } from 'vitest';

import { currencyForCountry, isEuCountry, isPlausibleEuVatId, showsTaxes, taxRateFor, withTax } from './tax';

describe('taxRateFor (EU VAT sold by the Belgian entity)', () => {
  it.each([
    ['US', false, 0],
    ['US', true, 0],
    ['IN', false, 0],
    ['GB', false, 0],
    ['DE', false, 19],
    ['DE', true, 0],
    ['FR', false, 20],
    ['FR', true, 0],
    ['BE', false, 21],
    ['BE', true, 21],
    ['FI', false, 25.5],
    ['HU', false, 27],
    ['LU', false, 17],
  ] as const)('%s business=%s -> %s %%', (country, isBusinessPurchase, rate) => {
    expect(taxRateFor({ country, isBusinessPurchase })).toBe(rate);
  });
});

describe('showsTaxes (spec 001 §2: taxes are shown only for EUR)', () => {
  it.each([
    ['EUR', true],
    ['USD', false],
    ['INR', false],
  ] as const)('%s -> %s', (currency, expected) => {
    expect(showsTaxes(currency)).toBe(expected);
  });
});

describe('currencyForCountry', () => {
  it.each([
    ['US', 'USD'],
    ['GB', 'USD'],
    ['IN', 'INR'],
    ['DE', 'EUR'],
    ['SE', 'EUR'],
  ])('%s -> %s', (country, currency) => {
    expect(currencyForCountry(country)).toBe(currency);
  });
});

describe('isEuCountry', () => {
  it.each([
    ['BE', true],
    ['GR', true],
    ['GB', false],
    ['CH', false],
    ['', false],
    ['toString', false],
  ])('%s -> %s', (country, expected) => {
    expect(isEuCountry(country)).toBe(expected);
  });
});

describe('withTax', () => {
  it.each([
    [10000, 0, 10000],
    [10000, 21, 12100],
    [999, 25.5, 1254],
  ])('%s + %s %% -> %s', (amount, rate, expected) => {
    expect(withTax(amount, rate)).toBe(expected);
  });
});

describe('isPlausibleEuVatId', () => {
  it.each([
    ['DE123456789', undefined, true],
    ['de 123 456 789', undefined, true],
    ['BE0123.456.789', 'BE', true],
    ['EL123456789', 'GR', true],
    ['GR123456789', 'GR', false],
    ['DE123456789', 'FR', false],
    ['XX123456789', undefined, false],
    ['US123456789', undefined, false],
    ['DE', undefined, false],
    ['DE12', undefined, false],
    ['DE1234567890123', undefined, false],
    ['IE1234567X', 'IE', true],
    ['DEABCDEFGH', undefined, false],
    ['not a vat id', undefined, false],
  ])('%s (country %s) -> %s', (value, country, expected) => {
    expect(isPlausibleEuVatId(value, country)).toBe(expected);
  });
});
