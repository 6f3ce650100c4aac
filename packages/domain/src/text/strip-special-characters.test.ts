import { describe, expect, it } from 'vitest';
import { SPECIAL_CHARACTERS, stripSpecialCharacters } from './strip-special-characters';

describe('stripSpecialCharacters (spec 000 §5)', () => {
  it.each([
    ['plain text', 'plain text'],
    ['a|b&c;d$e%f@g"h<i>j(k)l+m,n.o', 'abcdefghijklmno'],
    ['olivia@acme.test', 'oliviaacmetest'],
    ['Acme (Sales), Inc.', 'Acme Sales Inc'],
    ['100% "great" <deal>', '100 great deal'],
    ["keeps - _ / ' ! ? # * = and accents é", "keeps - _ / ' ! ? # * = and accents é"],
    ['|&;$%@"<>()+,.', ''],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(stripSpecialCharacters(input)).toBe(expected);
  });

  it.each(SPECIAL_CHARACTERS)('strips %s', (character) => {
    expect(stripSpecialCharacters(`x${character}${character}y`)).toBe('xy');
  });
});
