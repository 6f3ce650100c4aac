import { describe, expect, it } from 'vitest';

import { FREE_FEATURES, PLAN_DESCRIPTIONS, PREMIUM_FEATURES, proFeatures } from './plan-definitions';

describe('plan definitions (spec 001 §2)', () => {
  it('describes each plan with the spec text', () => {
    expect(PLAN_DESCRIPTIONS).toEqual({
      FREE: 'Easy mail merge tool',
      PRO: 'Get more recipients quota and Pro features',
      PREMIUM: 'For teams of all sizes who want to send, track, and manage collaboratively',
    });
    expect(FREE_FEATURES).toHaveLength(7);
    expect(PREMIUM_FEATURES).toContain('Video-call support');
  });

  it.each<[boolean, string, string]>([
    [true, 'Manage your bounce list', 'Add and manage members'],
    [false, 'Add and manage members', 'Manage your bounce list'],
  ])('Pro for gmail=%s lists %s and not %s', (gmail, listed, absent) => {
    expect(proFeatures(gmail)).toContain(listed);
    expect(proFeatures(gmail)).not.toContain(absent);
    expect(proFeatures(gmail)).toContain('Schedule send');
  });
});
