import type { Currency } from './prices';

/**
 * Tax by country (spec 001 §2 "Tax is added by taxRate percent … taxes are shown only for EUR",
 * §5 VAT id, §8 tax_id_invalid). EU sales are made by the Belgian entity, so EU VAT applies:
 * consumers pay their own country's standard rate (one-stop shop), businesses with a VAT id
 * outside Belgium are reverse-charged (0 %), Belgian businesses pay Belgian VAT. Outside the EU
 * no tax is added. The Stripe emulator computes Stripe Tax on its own (its rules.ts), so the two
 * can disagree and a test comparing the page with the invoice catches it.
 */

/** Standard VAT rates of the EU member states in percent (2025). */
const EU_VAT_RATES = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
} as const;
export type EuCountry = keyof typeof EU_VAT_RATES;

/** Country of the seller of EU sales (legal entity BE). */
const SELLER_EU_COUNTRY: EuCountry = 'BE';

export const isEuCountry = (country: string): country is EuCountry => Object.hasOwn(EU_VAT_RATES, country);

/** Currency of a checkout from `country`: the EU pays in EUR, India in INR, everybody else in USD. */
export const currencyForCountry = (country: string): Currency => {
  if (country === 'IN') return 'INR';
  return isEuCountry(country) ? 'EUR' : 'USD';
};

export type TaxContext = {
  /** Two-letter country of the billing address. */
  country: string;
  /** B2B purchase with a VAT id (spec 001 §5: the business question only exists in the EU). */
  isBusinessPurchase: boolean;
};

/** Tax rate in percent for a purchase (0 outside the EU and for reverse-charged EU businesses). */
export const taxRateFor = ({ country, isBusinessPurchase }: TaxContext): number => {
  if (!isEuCountry(country)) return 0;
  if (isBusinessPurchase && country !== SELLER_EU_COUNTRY) return 0;
  return EU_VAT_RATES[country];
};

/** Spec 001 §2: taxes are shown only for EUR. */
export const showsTaxes = (currency: Currency): boolean => currency === 'EUR';

export const TAXES_INCLUDED_NOTICE = 'All displayed prices include applicable taxes.';

/** `amount` (minor units) with `taxRate` percent added, rounded to a whole minor unit. */
export const withTax = (amount: number, taxRate: number): number => Math.round(amount * (1 + taxRate / 100));

/** VAT ids carry the country prefix, except Greece which uses EL. */
const vatPrefix = (country: EuCountry): string => (country === 'GR' ? 'EL' : country);

/**
 * Format check of an EU VAT id, as the payment provider does before accepting it: the country
 * prefix (e.g. 'DE', 'EL' for Greece) followed by 8–12 letters or digits (the shortest national
 * numbers have 8 characters, the longest 12). Spaces, dots and dashes
 * are ignored. When `country` is given the prefix must match it.
 */
export const isPlausibleEuVatId = (value: string, country?: string): boolean => {
  const normalized = value.replace(/[\s.-]/g, '').toUpperCase();
  const match = /^([A-Z]{2})([0-9A-Z]{8,12})$/.exec(normalized);
  if (match === null) return false;
  const prefix = match[1]!;
  const known = Object.keys(EU_VAT_RATES).some((code) => vatPrefix(code as EuCountry) === prefix);
  if (!known) return false;
  if (country !== undefined && isEuCountry(country) && vatPrefix(country) !== prefix) return false;
  // Every EU VAT number has at least one digit after the prefix.
  return /\d/.test(match[2]!);
};
