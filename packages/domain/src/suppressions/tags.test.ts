import { describe, expect, it } from 'vitest';
import {
  addTags,
  BOUNCE_TAG_PLACEHOLDER,
  emailsToSubmit,
  isSubmitDisabled,
  isTagSubmitKey,
  MAX_TAG_ROWS,
  parseTags,
  validateTags,
  type SubmitState,
} from './tags';

describe('tag input constants (spec 002 §2.3, §2.4, §9)', () => {
  it('has at most 6 rows', () => {
    expect(MAX_TAG_ROWS).toBe(6);
  });
  it("reads 'Enter email addresses separated by commas' on the bounces page", () => {
    expect(BOUNCE_TAG_PLACEHOLDER).toBe('Enter email addresses separated by commas');
  });
  it.each([
    [' ', true],
    [',', true],
    ['Enter', false],
    [';', false],
  ])('key %j submits: %s', (key, expected) => {
    expect(isTagSubmitKey(key)).toBe(expected);
  });
});

describe('parseTags (spec 002 §5: "separated by space or comma, lowercased and de-duplicated")', () => {
  it.each<[string, string[]]>([
    ['a@acme.test', ['a@acme.test']],
    ['a@acme.test b@acme.test', ['a@acme.test', 'b@acme.test']],
    ['a@acme.test,b@acme.test', ['a@acme.test', 'b@acme.test']],
    ['  a@acme.test ,  b@acme.test,, ', ['a@acme.test', 'b@acme.test']],
    ['A@Acme.TEST a@acme.test', ['a@acme.test']],
    ['a@acme.test\nb@acme.test\tc@acme.test', ['a@acme.test', 'b@acme.test', 'c@acme.test']],
    ['not-an-email a@acme.test', ['not-an-email', 'a@acme.test']],
    ['', []],
    [' , ', []],
  ])('%j -> %j', (text, expected) => {
    expect(parseTags(text)).toEqual(expected);
  });

  it.each<[string[], string, string[]]>([
    [['a@acme.test'], 'B@acme.test', ['a@acme.test', 'b@acme.test']],
    [['a@acme.test'], 'A@ACME.test', ['a@acme.test']],
    [[], '', []],
  ])('addTags(%j, %j) -> %j', (existing, text, expected) => {
    expect(addTags(existing, text)).toEqual(expected);
  });
});

describe('validateTags (spec 002 §5: "An invalid one shows \'Email is invalid\'")', () => {
  it('marks each tag', () => {
    expect(validateTags(['a@acme.test', 'olivia', 'b@acme'])).toEqual([
      { value: 'a@acme.test', isValid: true, error: null },
      { value: 'olivia', isValid: false, error: 'Email is invalid' },
      { value: 'b@acme', isValid: false, error: 'Email is invalid' },
    ]);
  });
});

describe('emailsToSubmit (spec 002 §5: invalid tags are "excluded from submission")', () => {
  it.each<[string[], string | undefined, string[]]>([
    [['a@acme.test', 'olivia', 'b@acme.test'], undefined, ['a@acme.test', 'b@acme.test']],
    [['olivia'], undefined, []],
    [['a@acme.test'], ' C@acme.test ', ['a@acme.test', 'c@acme.test']],
    [['a@acme.test'], 'a@acme.test', ['a@acme.test']],
    [[], 'x@acme.test, y', ['x@acme.test']],
  ])('%j + typed %j -> %j', (tags, typed, expected) => {
    expect(emailsToSubmit(tags, typed)).toEqual(expected);
  });
});

describe('isSubmitDisabled (spec 002 §5)', () => {
  it.each<[string, SubmitState, boolean]>([
    ['no tags and no typed text', { tags: [], typedText: '', isDeleting: false }, true],
    ['no tags, only blanks typed', { tags: [], typedText: '   ', isDeleting: false }, true],
    ['no tags but typed text', { tags: [], typedText: 'a@acme.test', isDeleting: false }, false],
    ['one valid tag', { tags: ['a@acme.test'], typedText: '', isDeleting: false }, false],
    ['some tags invalid', { tags: ['a@acme.test', 'olivia'], typedText: '', isDeleting: false }, false],
    ['all tags are invalid', { tags: ['olivia', 'b@acme'], typedText: '', isDeleting: false }, true],
    ['all tags invalid, text typed', { tags: ['olivia'], typedText: 'a@acme.test', isDeleting: false }, true],
    ['while a delete is in progress', { tags: ['a@acme.test'], typedText: '', isDeleting: true }, true],
  ])('%s -> %s', (_case, state, expected) => {
    expect(isSubmitDisabled(state)).toBe(expected);
  });
});
