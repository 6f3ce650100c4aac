import { describe, expect, it } from 'vitest';
import {
  bounceAddResult,
  bounceDeleteResult,
  segmentsToText,
  suppressionErrorResult,
  suppressionExplanation,
  unsubscriptionAddResult,
  UPGRADE_LINK_PATH,
  type SuppressionAlert,
  type SuppressionExplanationInput,
} from './messages';

describe('unsubscriptionAddResult (spec 002 §4.3)', () => {
  it.each<[number, SuppressionAlert]>([
    [0, { severity: 'warning', message: 'These email addresses were already unsubscribed.' }],
    [1, { severity: 'success', message: '1 email address successfully unsubscribed.' }],
    [3, { severity: 'success', message: '3 email addresses successfully unsubscribed.' }],
    [1500, { severity: 'success', message: '1.500 email addresses successfully unsubscribed.' }],
  ])('%s added -> %j', (count, expected) => {
    expect(unsubscriptionAddResult(count)).toEqual(expected);
  });
});

describe('bounceAddResult (spec 002 §8: "N email address(es) successfully added to bounce list.")', () => {
  it.each<[number, SuppressionAlert]>([
    [0, { severity: 'warning', message: 'These email addresses were already on the bounce list.' }],
    [1, { severity: 'success', message: '1 email address successfully added to bounce list.' }],
    [2, { severity: 'success', message: '2 email addresses successfully added to bounce list.' }],
    [10_000, { severity: 'success', message: '10.000 email addresses successfully added to bounce list.' }],
  ])('%s added -> %j', (count, expected) => {
    expect(bounceAddResult(count)).toEqual(expected);
  });
});

describe('bounceDeleteResult (spec 002 §8: "1 bounced email address successfully deleted.")', () => {
  it.each<[number, string]>([
    [1, '1 bounced email address successfully deleted.'],
    [2, '2 bounced email addresses successfully deleted.'],
  ])('%s -> %s', (count, message) => {
    expect(bounceDeleteResult(count)).toEqual({ severity: 'success', message });
  });
});

describe('suppressionErrorResult (spec 002 §8 alerts, spelled as the catalogue spells it)', () => {
  it('reads An error ocurred. Please try again.', () => {
    expect(suppressionErrorResult()).toEqual({
      severity: 'error',
      message: 'An error ocurred. Please try again.',
    });
  });
});

describe('suppressionExplanation (spec 002 §2.3, §2.4, §6)', () => {
  it.each<[string, SuppressionExplanationInput, string]>([
    [
      'unsubscriptions, shared',
      { list: 'unsubscriptions', sharedEnabled: true, isOwner: false, ownerEmail: 'owner@acme.test' },
      'Recipients on this list will not receive your mail merges. Unsubscriptions are shared with all members of your space.',
    ],
    [
      'unsubscriptions, not shared, owner: upgrade link',
      { list: 'unsubscriptions', sharedEnabled: false, isOwner: true, ownerEmail: 'owner@acme.test' },
      'Recipients on this list will not receive your mail merges. Sharing unsubscriptions with all members of your space is a Premium feature. Upgrade your space to unlock it.',
    ],
    [
      'unsubscriptions, not shared, others: ask the owner, with the address',
      { list: 'unsubscriptions', sharedEnabled: false, isOwner: false, ownerEmail: 'owner@acme.test' },
      'Recipients on this list will not receive your mail merges. Sharing unsubscriptions with all members of your space is a Premium feature. Ask your space owner (owner@acme.test) to upgrade the space.',
    ],
    [
      'unsubscriptions, not shared, others, owner unknown',
      { list: 'unsubscriptions', sharedEnabled: false, isOwner: false, ownerEmail: null },
      'Recipients on this list will not receive your mail merges. Sharing unsubscriptions with all members of your space is a Premium feature. Ask your space owner to upgrade the space.',
    ],
    [
      'bounces, shared',
      { list: 'bounces', sharedEnabled: true, isOwner: true, ownerEmail: 'owner@acme.test' },
      'Email addresses on this list have bounced and are skipped by your mail merges. The bounce list is shared with all members of your space.',
    ],
    [
      'bounces, not shared, owner: upgrade link',
      { list: 'bounces', sharedEnabled: false, isOwner: true, ownerEmail: 'owner@acme.test' },
      'Email addresses on this list have bounced and are skipped by your mail merges. Sharing the bounce list with all members of your space is a Premium feature. Upgrade your space to unlock it.',
    ],
    [
      'bounces, not shared, others: ask the owner to upgrade',
      { list: 'bounces', sharedEnabled: false, isOwner: false, ownerEmail: 'owner@acme.test' },
      'Email addresses on this list have bounced and are skipped by your mail merges. Sharing the bounce list with all members of your space is a Premium feature. Ask your space owner (owner@acme.test) to upgrade the space.',
    ],
  ])('%s', (_case, input, expected) => {
    expect(segmentsToText(suppressionExplanation(input))).toBe(expected);
  });

  it.each<[SuppressionExplanationInput, string[]]>([
    [{ list: 'unsubscriptions', sharedEnabled: false, isOwner: true, ownerEmail: null }, ['/space/billing']],
    [{ list: 'bounces', sharedEnabled: false, isOwner: true, ownerEmail: null }, ['/space/billing']],
    [{ list: 'unsubscriptions', sharedEnabled: false, isOwner: false, ownerEmail: 'owner@acme.test' }, []],
    [{ list: 'bounces', sharedEnabled: true, isOwner: true, ownerEmail: null }, []],
  ])('links of %j -> %j (only the owner sees the upgrade link)', (input, hrefs) => {
    expect(
      suppressionExplanation(input).flatMap((segment) => (segment.kind === 'link' ? [segment.href] : [])),
    ).toEqual(hrefs);
    expect(UPGRADE_LINK_PATH).toBe('/space/billing');
  });
});
