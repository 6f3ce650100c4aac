/**
 * Stripe's own rules, written here from Stripe's documentation and never imported from
 * packages/domain or apps/server (issue 22): if our rules and Stripe's disagree, a test that
 * compares the page with the invoice fails instead of agreeing with itself.
 *
 * - Tiered prices (https://docs.stripe.com/products-prices/pricing-models#tiered-pricing):
 *   graduated sums each tier's units at that tier's price; volume prices every unit at the tier
 *   the total quantity falls in.
 * - Stripe Tax in the EU (https://docs.stripe.com/tax/supported-countries/european-union): with an
 *   EU registration (one-stop shop) a consumer pays the standard rate of their own country; a
 *   business with a valid VAT id in another member state is reverse-charged; a business in the
 *   seller's own country pays its VAT; outside the EU nothing is collected without a registration.
 * - Tax ids (https://docs.stripe.com/billing/customer/tax-ids): `eu_vat` is the two-letter prefix
 *   (EL for Greece) followed by the national number.
 */

/** Standard VAT rates of the EU member states (percent), as Stripe Tax applies them. */
const EU_STANDARD_RATES: Readonly<Record<string, number>> = {
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
};

/** The account's head office (Stripe Tax origin): the seller's EU registration is Belgian. */
const ORIGIN_COUNTRY = 'BE';

export type Tier = { upTo: number | null; unitAmount: number; flatAmount?: number | null };

/** Amount of `quantity` units of a tiered price (minor units). */
export function tieredAmount(tiers: readonly Tier[], mode: 'graduated' | 'volume', quantity: number): number {
  if (mode === 'volume') {
    const tier = tiers.find((entry) => entry.upTo === null || quantity <= entry.upTo);
    return tier === undefined ? 0 : tier.unitAmount * quantity + (tier.flatAmount ?? 0);
  }
  let total = 0;
  let floor = 0;
  for (const tier of tiers) {
    if (quantity <= floor) break;
    const ceiling = tier.upTo === null ? quantity : Math.min(tier.upTo, quantity);
    total += (ceiling - floor) * tier.unitAmount + (tier.flatAmount ?? 0);
    if (tier.upTo === null) break;
    floor = tier.upTo;
  }
  return total;
}

/** Stripe Tax for a customer in `country`, with or without a VAT id. */
export function stripeTax(
  country: string | null | undefined,
  hasVatId: boolean,
): { rate: number; reason: 'not_collecting' | 'reverse_charge' | 'standard_rated' } {
  const rate = country == null ? undefined : EU_STANDARD_RATES[country];
  if (rate === undefined) return { rate: 0, reason: 'not_collecting' };
  if (hasVatId && country !== ORIGIN_COUNTRY) return { rate: 0, reason: 'reverse_charge' };
  return { rate, reason: 'standard_rated' };
}

const vatPrefixes = new Set(Object.keys(EU_STANDARD_RATES).map((code) => (code === 'GR' ? 'EL' : code)));

/** Stripe's format check of an `eu_vat` id: a member state prefix and 8–12 letters or digits. */
export function isWellFormedEuVat(value: string): boolean {
  const match = /^([A-Z]{2})([0-9A-Z]{8,12})$/.exec(value.replace(/[\s.-]/g, '').toUpperCase());
  return match !== null && vatPrefixes.has(match[1]!) && /\d/.test(match[2]!);
}

const SYMBOLS: Readonly<Record<string, string>> = { usd: '$', eur: '€', inr: '₹', gbp: '£' };

/** An amount as Stripe's hosted pages show it ('$120.00', '€1,234.50'). */
export function displayMoney(amountMinor: number, currency: string): string {
  const value = amountMinor / 100;
  const digits = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const symbol = SYMBOLS[currency.toLowerCase()] ?? `${currency.toUpperCase()} `;
  return `${value < 0 ? '-' : ''}${symbol}${digits}`;
}
