import { describe, expect, it } from 'vitest';
import {
  canCreateSpace,
  isSpaceNameUnchanged,
  MAX_OWNED_SPACES,
  slugify,
  SPACE_LIMIT_WARNING_MESSAGE,
  SPACE_LIMIT_WARNING_TITLE,
  SPACE_NAME_MAX,
  SPACE_NAME_ERROR_MESSAGES,
  SPACE_NAME_MESSAGES,
  SPACE_NAME_MIN,
  spaceNameSchema,
  validateSpaceName,
  type SpaceNameErrorReason,
} from './space-name';

describe('constants (spec 000 §9)', () => {
  it('limits', () => {
    expect(SPACE_NAME_MIN).toBe(5);
    expect(SPACE_NAME_MAX).toBe(255);
    expect(MAX_OWNED_SPACES).toBe(5);
  });

  it('exact messages (spec 000 §5)', () => {
    expect(SPACE_NAME_MESSAGES).toEqual({
      REQUIRED: 'Please fill in this field.',
      TOO_SHORT: 'Space name should contain at least 5 characters.',
      TOO_LONG: 'Space name could contain at most 255 characters.',
    });
    expect(SPACE_LIMIT_WARNING_TITLE).toBe('You cannot create a new space');
    expect(SPACE_LIMIT_WARNING_MESSAGE).toBe(
      'You are already the owner of 5 spaces which is the limit of the number of spaces you can own.',
    );
  });
});

describe('spaceNameSchema / validateSpaceName (spec 000 §5)', () => {
  it.each<[unknown, SpaceNameErrorReason]>([
    ['', 'REQUIRED'],
    ['     ', 'REQUIRED'],
    ['\t\n', 'REQUIRED'],
    [undefined, 'REQUIRED'],
    [null, 'REQUIRED'],
    ['a', 'TOO_SHORT'],
    ['abcd', 'TOO_SHORT'],
    ['  abcd  ', 'TOO_SHORT'],
    ['x'.repeat(256), 'TOO_LONG'],
    [`  ${'x'.repeat(256)}  `, 'TOO_LONG'],
    // The name rule (issue 6 "Input"): before the length checks.
    ['Acme\u0000Sales', 'CONTROL_CHARACTERS'],
    ['Acme\u0007Sales', 'CONTROL_CHARACTERS'],
    ['Acme\nSales', 'CONTROL_CHARACTERS'],
    ['Acme\u0085Sales', 'CONTROL_CHARACTERS'],
    ['Acme \ud800 Sales', 'INVALID_UNICODE'],
    ['\u200b\u200b\u200b\u200b\u200b', 'NO_VISIBLE_CHARACTERS'],
    ['\u200b\u200c\u200d\u2060\ufeff\u00ad', 'NO_VISIBLE_CHARACTERS'],
    ['\u3164\u3164\u3164\u3164\u3164', 'NO_VISIBLE_CHARACTERS'],
    ['\u0301\u0301\u0301\u0301\u0301', 'NO_VISIBLE_CHARACTERS'],
    ['\u200b', 'NO_VISIBLE_CHARACTERS'],
    ['Acme \u202eselaS', 'DIRECTION_OVERRIDES'],
    ['Acme \u202a Sales', 'DIRECTION_OVERRIDES'],
    ['Acme \u2066 Sales\u2069', 'DIRECTION_OVERRIDES'],
  ])('%j is rejected with %s', (value, reason) => {
    const result = spaceNameSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.message).toBe(SPACE_NAME_ERROR_MESSAGES[reason]);
    expect(validateSpaceName(value)).toEqual({
      ok: false,
      reason,
      message: SPACE_NAME_ERROR_MESSAGES[reason],
    });
  });

  it.each([
    ['abcde', 'abcde'],
    ['  Acme Sales  ', 'Acme Sales'],
    ['  abcde ', 'abcde'],
    ['x'.repeat(255), 'x'.repeat(255)],
    [`   ${'x'.repeat(255)}   `, 'x'.repeat(255)],
    ['Équipe Zürich', 'Équipe Zürich'],
    ['营销团队五', '营销团队五'],
    ['فريق المبيعات', 'فريق المبيعات'],
    ['Team 🚀🚀', 'Team 🚀🚀'],
    ['a\u200bbcde', 'a\u200bbcde'],
  ])('%j is accepted and sent trimmed', (value, name) => {
    expect(spaceNameSchema.parse(value)).toBe(name);
    expect(validateSpaceName(value)).toEqual({ ok: true, name });
  });
});

describe('canCreateSpace (spec 000 §5: owners of 5 spaces cannot create another)', () => {
  it.each([
    [0, true],
    [1, true],
    [4, true],
    [5, false],
    [6, false],
  ])('owning %i -> %s', (count, expected) => {
    expect(canCreateSpace(count)).toBe(expected);
  });
});

describe('slugify', () => {
  it.each([
    ['Acme Sales', 'acme-sales'],
    ["Gina's space", 'ginas-space'],
    ['Penny’s space', 'pennys-space'],
    ['  Été à Paris  ', 'ete-a-paris'],
    ['Max 1', 'max-1'],
    ['--Hello,   World!--', 'hello-world'],
    ['CamelCase', 'camelcase'],
    ['日本語', 'space'],
    ['!!!', 'space'],
    ['', 'space'],
  ])('%j -> %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });
});

describe('isSpaceNameUnchanged (spec 002 §5: Save and Cancel disabled while the name equals the saved one)', () => {
  it.each([
    ['Acme Sales', 'Acme Sales', true],
    ['Acme Sales', '  Acme Sales ', true],
    ['Acme Sales', 'Acme Sales 2', false],
    ['Acme Sales', 'acme sales', false],
    ['Acme Sales', '', false],
  ])('saved %j, draft %j → %s', (saved, draft, expected) => {
    expect(isSpaceNameUnchanged(saved, draft)).toBe(expected);
  });
});
