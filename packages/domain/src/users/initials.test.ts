import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials (spec 000 §3)', () => {
  it.each<[string | null | undefined, string]>([
    ['Olivia Owens', 'OO'],
    ['Sam Stepfour', 'SS'],
    ['olivia owens', 'OO'],
    ['Mary Jane Watson', 'MJ'],
    ['Cher', 'C'],
    ['  Adam   Admin  ', 'AA'],
    ['Élodie Ünal', 'ÉÜ'],
    ['', ''],
    ['   ', ''],
    [null, ''],
    [undefined, ''],
  ])('%j -> %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('never returns more than 2 letters', () => {
    expect(initials('a b c d e').length).toBeLessThanOrEqual(2);
  });
});
