/**
 * Test cards. The numbers and the `pm_card_*` test payment methods are Stripe's own, so the same
 * tests run against Stripe's test mode.
 */
export type CardBehaviour = 'succeeds' | 'requires_action' | 'declined' | 'fails_off_session';

const TEST_CARDS = {
  '4242424242424242': 'succeeds',
  '5555555555554444': 'succeeds',
  '4000002760003184': 'requires_action',
  '4000000000000002': 'declined',
  '4000000000000341': 'fails_off_session',
} as const satisfies Record<string, CardBehaviour>;

/** Stripe's test PaymentMethod ids, accepted by `paymentMethods.attach`. */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeCustomerFail: '4000000000000341',
};

/** Behaviour of a card by its last four digits (any other valid number succeeds). */
export const cardBehaviour = (last4: string): CardBehaviour => {
  const entry = Object.entries(TEST_CARDS).find(([number]) => number.endsWith(last4));
  return entry === undefined ? 'succeeds' : entry[1];
};

export const cardBrand = (digits: string): string => {
  if (digits.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'unknown';
};

/** Luhn check of a card number of 13 to 19 digits (spaces allowed). */
export const isValidCardNumber = (value: string): boolean => {
  const digits = value.replace(/\s+/g, '');
  if (!/^\d{13,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};
