import type Stripe from 'stripe';

/**
 * The prices the contract tests buy, created through the Stripe API itself (emulator or test
 * mode), never read from packages/domain or apps/server (issue 22): the expected amounts in the
 * tests follow from these numbers and Stripe's documented rules alone. The shapes are the ones
 * MergeDesk sells (a graduated per-seat price per year and per month, a flat licence), with their
 * own lookup keys, so a test-mode account's real price table is left alone.
 */
type ContractPrice = {
  lookupKey: string;
  currency: 'usd' | 'eur';
  interval: 'year' | 'month';
  /** One tier: a flat per-unit price; more: graduated tiers (upTo null = the rest). */
  tiers: readonly { upTo: number | null; unitAmount: number }[];
};

const PRO_YEARLY_TIERS = [
  { upTo: 4, unitAmount: 6000 },
  { upTo: 9, unitAmount: 4800 },
  { upTo: 24, unitAmount: 4200 },
  { upTo: 49, unitAmount: 3600 },
  { upTo: 99, unitAmount: 3000 },
  { upTo: null, unitAmount: 2400 },
] as const;

const CONTRACT_PRICES = {
  pro_yearly_usd: {
    lookupKey: 'contract_pro_yearly_usd',
    currency: 'usd',
    interval: 'year',
    tiers: PRO_YEARLY_TIERS,
  },
  pro_yearly_eur: {
    lookupKey: 'contract_pro_yearly_eur',
    currency: 'eur',
    interval: 'year',
    tiers: PRO_YEARLY_TIERS,
  },
  pro_monthly_usd: {
    lookupKey: 'contract_pro_monthly_usd',
    currency: 'usd',
    interval: 'month',
    tiers: [
      { upTo: 4, unitAmount: 2000 },
      { upTo: null, unitAmount: 1600 },
    ],
  },
  legacy_team_5_yearly_usd: {
    lookupKey: 'contract_legacy_team_5_yearly_usd',
    currency: 'usd',
    interval: 'year',
    tiers: [{ upTo: null, unitAmount: 27_000 }],
  },
} as const satisfies Record<string, ContractPrice>;
export type ContractPriceName = keyof typeof CONTRACT_PRICES;

const PRODUCT_ID = 'mergedesk_contract_seat';

const createParams = (wanted: ContractPrice): Stripe.PriceCreateParams => {
  const common = {
    product: PRODUCT_ID,
    currency: wanted.currency,
    recurring: { interval: wanted.interval },
    lookup_key: wanted.lookupKey,
    transfer_lookup_key: true,
    tax_behavior: 'exclusive',
  } satisfies Stripe.PriceCreateParams;
  if (wanted.tiers.length === 1) return { ...common, unit_amount: wanted.tiers[0]!.unitAmount };
  return {
    ...common,
    billing_scheme: 'tiered',
    tiers_mode: 'graduated',
    tiers: wanted.tiers.map((tier) => ({ up_to: tier.upTo ?? 'inf', unit_amount: tier.unitAmount })),
  };
};

/** Same amounts as wanted: reused on a test-mode account across runs, replaced otherwise. */
const sameAmounts = (price: Stripe.Price, wanted: ContractPrice): boolean =>
  price.currency === wanted.currency &&
  price.recurring?.interval === wanted.interval &&
  (wanted.tiers.length === 1
    ? price.billing_scheme === 'per_unit' && price.unit_amount === wanted.tiers[0]!.unitAmount
    : price.tiers_mode === 'graduated' &&
      (price.tiers ?? []).map((tier) => [tier.up_to, tier.unit_amount]).join() ===
        wanted.tiers.map((tier) => [tier.upTo, tier.unitAmount]).join());

/** Creates (or finds) the contract prices; their ids by name. */
export async function ensureContractPrices(stripe: Stripe): Promise<Map<ContractPriceName, string>> {
  const product = await stripe.products.retrieve(PRODUCT_ID).catch(() => null);
  if (product === null) await stripe.products.create({ id: PRODUCT_ID, name: 'MergeDesk contract seat' });
  const ids = new Map<ContractPriceName, string>();
  for (const [name, wanted] of Object.entries(CONTRACT_PRICES) as [ContractPriceName, ContractPrice][]) {
    const [existing] = (
      await stripe.prices.list({ lookup_keys: [wanted.lookupKey], active: true, expand: ['data.tiers'] })
    ).data;
    const price =
      existing !== undefined && sameAmounts(existing, wanted)
        ? existing
        : await stripe.prices.create(createParams(wanted));
    ids.set(name, price.id);
  }
  return ids;
}
