import { PRODUCT_NAME } from '../constants';
import type { SpacePlan } from '../plans/plans';
import { SPACE_PLAN_LABELS } from '../plans/plans';

/**
 * The billing page's query string (spec 001 §2 "Billing query parameters", "Billing banners"):
 * which success banner it asks for, and whether it must be stripped because it is inconsistent.
 */

/** Spec 001 §2: every parameter of a checkout's return; they are stripped together. */
export const BILLING_SUCCESS_QUERY_PARAMS = [
  'checkout',
  'from',
  'to',
  'fromInterval',
  'toInterval',
  'gmailUsers',
  'workspaceUsers',
  'seatsAdded',
  'seatsRemoved',
  'gmailSeats',
  'workspaceSeats',
  // The Checkout Session the page asks Stripe about (issue 22; CHECKOUT_SESSION_QUERY_PARAM).
  'session_id',
] as const;

/** Spec 001 §9: seat counts of a success banner lie in 1..99; workspace seats up to 100. */
const SUCCESS_SEATS_RANGE = { min: 1, max: 99 } as const;
const SUCCESS_WORKSPACE_SEATS_MAX = 100;

export type SuccessBanner = {
  kind:
    | 'seat-purchase'
    | 'gmail-upgrade'
    | 'seats-added'
    | 'seats-removed'
    | 'legacy-switch'
    | 'legacy-purchase'
    | 'updated';
  title: string;
  description?: string;
  /** The free-to-paid per-seat banner carries a 'Manage members' button. */
  manageMembers?: boolean;
};

/** What the billing page does with its query: nothing, show a banner, or strip the query. */
export type BillingQueryOutcome =
  { action: 'none' } | { action: 'banner'; banner: SuccessBanner } | { action: 'strip' };

const seats = (count: number): string => `${count} seat${count === 1 ? '' : 's'}`;

const SUBSCRIPTION_UPDATED = 'Your subscription has been updated.';
export const DOWNGRADE_CANCELLED = 'You successfully cancelled the previously scheduled downgrade.';

/** Spec 001 §2 banner texts, verbatim. */
const successBannerText = {
  seatPurchase: (count: number, plan: 'PRO' | 'PREMIUM'): string =>
    `Well done! You successfully purchased ${count} ${SPACE_PLAN_LABELS[plan]} seat${count === 1 ? '' : 's'} for your space.`,
  gmailUpgrade: 'Well done! You successfully upgraded your space to Pro.',
  seatsAdded: (count: number): string => `Well done! You successfully added ${seats(count)} to your space.`,
  seatsRemoved: (count: number): string =>
    `You successfully scheduled the removal of ${seats(count)} from your space.`,
  legacySwitch: 'Your plan switch has been successfully done!',
  legacySwitchDescription: 'Your previous subscription has been automatically canceled.',
  legacyPurchase: (product: string = PRODUCT_NAME): string =>
    `Well done! Your ${product} subscription has started.`,
} as const;

/** The part of URLSearchParams these rules read (the domain package has no DOM types). */
export type QueryReader = { get(name: string): string | null; has(name: string): boolean };

/** An integer written in digits only (no sign, no decimals, no exponent), or null. */
const integerParam = (value: string | null): number | null =>
  value !== null && /^\d{1,4}$/.test(value) ? Number(value) : null;

const inRange = (value: number | null, min: number, max: number): value is number =>
  value !== null && value >= min && value <= max;

const PAID_TARGETS = ['PRO', 'PREMIUM'] as const;
const isPaidTarget = (value: string | null): value is 'PRO' | 'PREMIUM' =>
  (PAID_TARGETS as readonly (string | null)[]).includes(value);

/** True when the query carries any parameter of a checkout's return. */
export const hasSuccessQuery = (query: QueryReader): boolean =>
  BILLING_SUCCESS_QUERY_PARAMS.some((name) => query.has(name));

/**
 * Spec 001 §2: the banner asked for by `checkout=success` and its parameters. The query is stripped
 * when the space is (still) on the free plan, a seat count lies outside 1..99, or the from/to/seat
 * parameters do not fit together: from Free needs a paid target plan and exactly one of gmailSeats
 * (0/1) or workspaceSeats (0..100) — or, in the per-user model, the user counts. Return parameters
 * without `checkout=success` are stripped as well (they cannot be the return of a checkout).
 */
export const billingQueryOutcome = (query: QueryReader, currentPlan: SpacePlan): BillingQueryOutcome => {
  if (!hasSuccessQuery(query)) return { action: 'none' };
  if (query.get('checkout') !== 'success' || currentPlan === 'FREE') return { action: 'strip' };
  const banner = successBanner(query);
  return banner === null ? { action: 'strip' } : { action: 'banner', banner };
};

function successBanner(query: QueryReader): SuccessBanner | null {
  if (query.has('seatsAdded') || query.has('seatsRemoved')) {
    if (query.has('seatsAdded') && query.has('seatsRemoved')) return null;
    const added = query.has('seatsAdded');
    const count = integerParam(query.get(added ? 'seatsAdded' : 'seatsRemoved'));
    if (!inRange(count, SUCCESS_SEATS_RANGE.min, SUCCESS_SEATS_RANGE.max)) return null;
    return added
      ? { kind: 'seats-added', title: successBannerText.seatsAdded(count), description: SUBSCRIPTION_UPDATED }
      : { kind: 'seats-removed', title: successBannerText.seatsRemoved(count) };
  }
  const from = query.get('from');
  const to = query.get('to');
  if (from === 'FREE') return fromFreeBanner(query, to);
  if (query.has('gmailSeats') || query.has('workspaceSeats')) return null;
  if (from === 'LEGACY' && isPaidTarget(to)) {
    return {
      kind: 'legacy-switch',
      title: successBannerText.legacySwitch,
      description: successBannerText.legacySwitchDescription,
    };
  }
  const planChanged = from !== null && to !== null && from !== to;
  const fromInterval = query.get('fromInterval');
  const toInterval = query.get('toInterval');
  const intervalChanged = fromInterval !== null && toInterval !== null && fromInterval !== toInterval;
  if ((from === null) !== (to === null)) return null;
  if (planChanged || intervalChanged || query.has('gmailUsers') || query.has('workspaceUsers')) {
    return { kind: 'updated', title: SUBSCRIPTION_UPDATED };
  }
  return null;
}

function fromFreeBanner(query: QueryReader, to: string | null): SuccessBanner | null {
  if (!isPaidTarget(to) && to !== 'LEGACY') return null;
  const hasGmailSeats = query.has('gmailSeats');
  const hasWorkspaceSeats = query.has('workspaceSeats');
  if (!hasGmailSeats && !hasWorkspaceSeats) {
    // The per-user (legacy) model counts users, not seats.
    const users = ['gmailUsers', 'workspaceUsers'].filter((name) => query.has(name));
    if (users.length === 0) return null;
    const valid = users.every((name) =>
      inRange(integerParam(query.get(name)), 0, SUCCESS_WORKSPACE_SEATS_MAX),
    );
    return valid ? { kind: 'legacy-purchase', title: successBannerText.legacyPurchase() } : null;
  }
  if (hasGmailSeats === hasWorkspaceSeats || !isPaidTarget(to)) return null;
  if (hasGmailSeats) {
    const count = integerParam(query.get('gmailSeats'));
    return inRange(count, 0, 1) ? { kind: 'gmail-upgrade', title: successBannerText.gmailUpgrade } : null;
  }
  const count = integerParam(query.get('workspaceSeats'));
  if (!inRange(count, 0, SUCCESS_WORKSPACE_SEATS_MAX)) return null;
  // A purchase of no seat has nothing to celebrate (docs/decisions/240-success-query.md).
  if (count === 0) return null;
  return {
    kind: 'seat-purchase',
    title: successBannerText.seatPurchase(count, to),
    manageMembers: true,
  };
}

/**
 * Spec 001 §2: "The plan parameter is valid only as pro-gmail or PERSONAL for Gmail users, and
 * pro-google-workspace or PROFESSIONAL for domain users". The wrong-plan page uses the same rule.
 */
const PLAN_QUERY_VALUES = ['TEAM', 'PERSONAL', 'PROFESSIONAL', 'pro-gmail', 'pro-google-workspace'] as const;
export const isPlanQueryForAccount = (plan: string, isGmailUser: boolean): boolean =>
  isGmailUser
    ? plan === 'pro-gmail' || plan === 'PERSONAL'
    : plan === 'pro-google-workspace' || plan === 'PROFESSIONAL';

/**
 * The billing page sends a `plan` query the account cannot buy to /wrong-plan: one of the wrong-plan
 * page's plan values (§2) that does not fit the account. Other values (e.g. the checkout's PRO) are
 * not plan requests of the pricing page and are ignored.
 */
export const isWrongPlanQuery = (plan: string | null, isGmailUser: boolean): boolean =>
  plan !== null &&
  (PLAN_QUERY_VALUES as readonly string[]).includes(plan) &&
  !isPlanQueryForAccount(plan, isGmailUser);
