import { describe, expect, it } from 'vitest';
import { suggestionKeyword, suggestionOptions } from './suggestions';

describe('suggestionKeyword (opens at 2 characters)', () => {
  it.each([
    ['', null],
    ['o', null],
    ['  o ', null],
    ['ol', 'ol'],
    [' Olivia ', 'olivia'],
    ['é', null],
    ['éa', 'éa'],
  ])('%j → %j', (typed, expected) => {
    expect(suggestionKeyword(typed)).toBe(expected);
  });
});

describe('suggestionOptions', () => {
  const olivia = { userEmail: 'olivia@acme.test', userName: 'Olivia Owens' };
  const adam = { userEmail: 'Adam@acme.test', userName: 'Adam Admin' };
  const nameless = { userEmail: 'x@acme.test', userName: '  ' };

  it.each([
    [
      'labels name and address, valued by the address',
      [olivia],
      [],
      [{ value: 'olivia@acme.test', label: 'Olivia Owens <olivia@acme.test>' }],
    ],
    [
      'lower-cases the address',
      [adam],
      [],
      [{ value: 'adam@acme.test', label: 'Adam Admin <adam@acme.test>' }],
    ],
    ['the address alone without a name', [nameless], [], [{ value: 'x@acme.test', label: 'x@acme.test' }]],
    [
      'leaves out addresses already entered',
      [olivia, adam],
      ['ADAM@acme.test'],
      [{ value: 'olivia@acme.test', label: 'Olivia Owens <olivia@acme.test>' }],
    ],
    [
      'one option per address',
      [olivia, olivia],
      [],
      [{ value: 'olivia@acme.test', label: 'Olivia Owens <olivia@acme.test>' }],
    ],
    ['nothing to suggest', [], ['olivia@acme.test'], []],
  ])('%s', (_, suggestions, entered, expected) => {
    expect(suggestionOptions(suggestions, entered)).toEqual(expected);
  });
});
