import { describe, expect, it } from 'vitest';

import {
  CHECKOUT_FORM_MESSAGES as M,
  checkoutFormSchema,
  isVatIdError,
  type CheckoutForm,
} from './checkout-form';

const valid: CheckoutForm = {
  country: 'US',
  isBusinessPurchase: false,
  name: 'Olivia Owens',
  street: '1 Main Street',
  city: 'Springfield',
};

const errorsOf = (form: CheckoutForm): Record<string, string> => {
  const result = checkoutFormSchema.safeParse(form);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('checkoutFormSchema (spec 001 §5 billing form)', () => {
  it('accepts a consumer purchase with the required fields', () => {
    expect(errorsOf(valid)).toEqual({});
  });

  it.each<[string, Partial<CheckoutForm>, Record<string, string>]>([
    ['country missing', { country: '' }, { country: M.country }],
    ['country lower case', { country: 'us' }, { country: M.country }],
    ['name missing', { name: '  ' }, { name: M.nameRequired }],
    ['name over 256', { name: 'n'.repeat(257) }, { name: M.nameMax }],
    ['street missing', { street: '' }, { street: M.streetRequired }],
    ['street over 256', { street: 's'.repeat(257) }, { street: M.streetMax }],
    ['city of one letter', { city: 'X' }, { city: M.city }],
    ['state over 256', { state: 's'.repeat(257) }, { state: M.stateMax }],
    ['postal code over 30', { code: '1'.repeat(31) }, { code: M.codeMax }],
    [
      'EU business without VAT id and company',
      { country: 'DE', isBusinessPurchase: true },
      { vatNumber: M.vatNumber, companyName: M.companyNameRequired },
    ],
    [
      'EU business name over 30',
      {
        country: 'DE',
        isBusinessPurchase: true,
        vatNumber: 'DE123456789',
        companyName: 'Acme',
        name: 'n'.repeat(31),
      },
      { name: M.businessNameMax },
    ],
    [
      'EU business company over 256',
      { country: 'FR', isBusinessPurchase: true, vatNumber: 'FR12345678901', companyName: 'c'.repeat(257) },
      { companyName: M.companyNameMax },
    ],
  ])('%s', (_name, change, expected) => {
    expect(errorsOf({ ...valid, ...change })).toEqual(expected);
  });

  it('ignores the business answer outside Europe (the question is not asked there)', () => {
    expect(errorsOf({ ...valid, country: 'US', isBusinessPurchase: true, name: 'n'.repeat(100) })).toEqual(
      {},
    );
  });

  it('accepts an EU business purchase with VAT id and company', () => {
    expect(
      errorsOf({
        ...valid,
        country: 'DE',
        isBusinessPurchase: true,
        vatNumber: 'DE123456789',
        companyName: 'Acme',
      }),
    ).toEqual({});
  });
});

describe('isVatIdError (spec 001 §8)', () => {
  it.each([
    ['Invalid value for eu_vat (tax_id_invalid).', true],
    ['The VAT number is not valid', true],
    ['Your card was declined.', false],
  ])('%s -> %s', (message, expected) => {
    expect(isVatIdError(message)).toBe(expected);
  });
});
