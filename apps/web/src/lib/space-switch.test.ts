import { describe, expect, it } from 'vitest';
import { searchAfterSpaceSwitch, spaceSwitchPath } from './space-switch';

describe('searchAfterSpaceSwitch (spec 000 §2)', () => {
  it.each([
    ['', ''],
    ['?', ''],
    ['?checkout=success', ''],
    ['?checkout=1&from=FREE&to=PRO&workspaceUsers=3&gmailUsers=1&fromInterval=YEARLY&toInterval=MONTHLY', ''],
    ['?show-plans=1&checkout=1', '?show-plans=1'],
    ['?from=FREE&from=PRO&plan=PRO', '?plan=PRO'],
    ['?new-space&to=PRO', '?new-space='],
    ['?change-billing-cycle=1&interval=YEARLY', '?change-billing-cycle=1&interval=YEARLY'],
    ['?seat-pricing-ineligibility=1', '?seat-pricing-ineligibility=1'],
  ])('%j -> %j', (search, expected) => {
    expect(searchAfterSpaceSwitch(search)).toBe(expected);
  });
});

describe('spaceSwitchPath', () => {
  it('goes to the sent mail merges of the chosen space', () => {
    expect(spaceSwitchPath('/b2c1/acme-premium', '?checkout=1&show-plans=1')).toBe(
      '/b2c1/acme-premium/mail-merges/sent?show-plans=1',
    );
    expect(spaceSwitchPath('/b2c1/acme-premium', '')).toBe('/b2c1/acme-premium/mail-merges/sent');
  });
});
