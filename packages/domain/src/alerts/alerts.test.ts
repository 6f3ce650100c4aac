import { describe, expect, it } from 'vitest';
import type { SpacePlan } from '../plans/plans';
import type { Role } from '../roles/roles';
import {
  ALERT_KINDS,
  ALL_PAYMENTS_FAILED_TITLE,
  GENERIC_ERROR_ALERT,
  INVITATION_ERROR_TITLE,
  INVITATION_RESTRICTED_MESSAGE,
  invitationErrorMessage,
  isClearedOnNavigation,
  joinedSpaceDescription,
  joinedWelcomeTitle,
  legacyAlertVisible,
  ownershipTransferredAlert,
  PAYMENT_CONFIRMATION_NEEDED_TITLE,
  PAYMENT_FAILED_TITLE,
  paymentFailedText,
  paymentWarningKind,
  seatPricingIneligibleTitle,
  seatPricingIneligibleVisible,
  TRANSFER_TOO_MANY_SPACES_MESSAGE,
  type AlertKind,
  type SubscriptionAlertInput,
} from './alerts';

describe('isClearedOnNavigation (spec 000 §4: remove, create, transfer, join, error; ours: connect)', () => {
  const cleared: AlertKind[] = ['remove', 'create', 'transfer', 'join', 'error', 'connect'];
  it.each(ALERT_KINDS.map((kind) => [kind, cleared.includes(kind)] as const))(
    '%s -> %s',
    (kind, expected) => {
      expect(isClearedOnNavigation(kind)).toBe(expected);
    },
  );
});

describe('exact texts (spec 000 §8, spec 002 §8)', () => {
  it.each([
    [GENERIC_ERROR_ALERT.title, 'Something went wrong.'],
    [GENERIC_ERROR_ALERT.description, 'Please try again later.'],
    [PAYMENT_FAILED_TITLE, 'Your last payment attempt failed'],
    [PAYMENT_CONFIRMATION_NEEDED_TITLE, 'Your last payment attempt requires confirmation'],
    [ALL_PAYMENTS_FAILED_TITLE, 'All payment attempts failed'],
    [
      seatPricingIneligibleTitle('acme.test'),
      'Your domain acme.test is not yet eligible for seat-based pricing',
    ],
    [joinedWelcomeTitle('MergeDesk'), 'Welcome to MergeDesk!'],
    [joinedWelcomeTitle('Other'), 'Welcome to Other!'],
    [joinedSpaceDescription('Acme Sales'), 'You have joined Acme Sales.'],
    [INVITATION_ERROR_TITLE, 'The invitation could not be finalized.'],
    [INVITATION_RESTRICTED_MESSAGE, 'Sorry, this invitation link is no longer valid.'],
    [TRANSFER_TOO_MANY_SPACES_MESSAGE, 'This user already owns too many spaces.'],
  ])('%j', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('ownership transferred names the new owner', () => {
    expect(ownershipTransferredAlert('adam@acme.test').title).toContain('adam@acme.test');
  });
});

describe('invitationErrorMessage (spec 000 §8)', () => {
  it.each<[number, string | null | undefined, string | null]>([
    [404, undefined, 'The invite link is invalid.'],
    [403, undefined, 'You are logged into a different account than the one invited.'],
    [409, 'invitation_is_not_active', 'The invite link has expired or been cancelled.'],
    [409, 'user_already_exists', 'You are already a member of this space.'],
    [409, 'something_else', null],
    [409, null, null],
    [500, undefined, null],
    [400, undefined, null],
  ])('%i %s -> %j', (status, reason, expected) => {
    expect(invitationErrorMessage(status, reason)).toBe(expected);
  });
});

describe('legacyAlertVisible (spec 000 §2, §4: OWNER of a LEGACY space, hidden on billing)', () => {
  it.each<[Role, SpacePlan | null, boolean, boolean]>([
    ['OWNER', 'LEGACY', false, true],
    ['OWNER', 'LEGACY', true, false],
    ['ADMIN', 'LEGACY', false, false],
    ['MEMBER', 'LEGACY', false, false],
    ['OWNER', 'PRO', false, false],
    ['OWNER', 'FREE', false, false],
    ['OWNER', null, false, false],
  ])('%s of %s, billing page=%s -> %s', (role, plan, isBillingPage, expected) => {
    expect(legacyAlertVisible(role, plan, isBillingPage)).toBe(expected);
  });
});

describe('paymentWarningKind (spec 000 §4 Alerts)', () => {
  const active = (
    latestInvoicePaid: boolean | null,
    paymentIntentStatus: string | null,
  ): SubscriptionAlertInput => ({
    subscriptionStatus: 'ACTIVE',
    latestInvoicePaid,
    paymentIntentStatus,
  });
  const canceled: SubscriptionAlertInput = { subscriptionStatus: 'CANCELED' };

  it.each<[string, SubscriptionAlertInput[], ReturnType<typeof paymentWarningKind>]>([
    ['no subscriptions', [], null],
    ['paid and fine', [active(true, 'succeeded')], null],
    ['unpaid, requires_payment_method', [active(false, 'requires_payment_method')], 'payment-failed'],
    ['paid, requires_payment_method', [active(true, 'requires_payment_method')], null],
    ['requires_action', [active(false, 'requires_action')], 'payment-confirmation-needed'],
    ['requires_confirmation', [active(null, 'requires_confirmation')], 'payment-confirmation-needed'],
    ['all canceled', [canceled, canceled], 'all-payments-failed'],
    [
      'all canceled, the newest ended unpaid (failed renewals)',
      [
        { ...canceled, latestInvoicePaid: false },
        { ...canceled, latestInvoicePaid: true },
      ],
      'all-payments-failed',
    ],
    [
      'all canceled, the newest ended paid (stopped by its owner)',
      [
        { ...canceled, latestInvoicePaid: true },
        { ...canceled, latestInvoicePaid: false },
      ],
      null,
    ],
    ['one canceled, one fine', [canceled, active(true, null)], null],
    [
      'failure wins over confirmation',
      [active(null, 'requires_action'), active(false, 'requires_payment_method')],
      'payment-failed',
    ],
  ])('%s', (_name, subscriptions, expected) => {
    expect(paymentWarningKind(subscriptions)).toBe(expected);
  });
});

describe('paymentFailedText (issue 22: the retry, not the period end)', () => {
  it.each([
    [
      'December 3rd, 2026',
      'Next payment attempt: December 3rd, 2026. If every attempt fails, the subscription is canceled.',
    ],
    [null, 'No further payment attempt is planned: the subscription ends unless the invoice is paid.'],
  ])('%s', (date, text) => {
    expect(paymentFailedText(date)).toBe(text);
  });
});

describe('seatPricingIneligibleVisible (spec 000 §4)', () => {
  it.each([
    [true, true, false, true],
    [false, true, false, false],
    [true, false, false, false],
    [true, true, true, false],
  ])('param=%s loaded=%s gmail=%s -> %s', (queryParameterSet, userLoaded, isGmailUser, expected) => {
    expect(seatPricingIneligibleVisible({ queryParameterSet, userLoaded, isGmailUser })).toBe(expected);
  });
});
