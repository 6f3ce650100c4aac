import { describe, expect, it } from 'vitest';
import {
  CLIENT_TEXT_MESSAGES,
  clientInt,
  clientText,
  clientTimestampMs,
  findNameIssue,
  findTextIssue,
  MAX_CLIENT_INT,
  MAX_TIMESTAMP_MS,
  NUMBER_MESSAGES,
  type TextIssue,
} from './client-text';

describe('findTextIssue: every string a client sends', () => {
  it.each<[string, boolean, TextIssue | undefined]>([
    ['plain text', false, undefined],
    ['Équipe, 营销, فريق, 🚀', false, undefined],
    ['', false, undefined],
    ['a\u0000b', false, 'CONTROL_CHARACTERS'],
    ['a\u0000b', true, 'CONTROL_CHARACTERS'],
    ['\u0001', false, 'CONTROL_CHARACTERS'],
    ['\u001f', false, 'CONTROL_CHARACTERS'],
    ['\u007f', false, 'CONTROL_CHARACTERS'],
    ['\u0080', false, 'CONTROL_CHARACTERS'],
    ['\u009f', false, 'CONTROL_CHARACTERS'],
    ['line\nbreak', false, 'CONTROL_CHARACTERS'],
    ['tab\there', false, 'CONTROL_CHARACTERS'],
    ['line\r\nbreak\tand tab', true, undefined],
    ['bell\u0007', true, 'CONTROL_CHARACTERS'],
    ['lone \ud800 high', false, 'INVALID_UNICODE'],
    ['lone \udc00 low', true, 'INVALID_UNICODE'],
    ['reversed pair \udc00\ud800', false, 'INVALID_UNICODE'],
    ['pair \ud83d\ude80', false, undefined],
    ['zero\u200bwidth', false, undefined],
    ['bidi \u202e is text, not a name', false, undefined],
  ])('%j (multiline %s) → %s', (value, multiline, issue) => {
    expect(findTextIssue(value, { multiline })).toBe(issue);
    const result = clientText({ multiline }).safeParse(value);
    expect(result.success).toBe(issue === undefined);
    if (issue !== undefined)
      expect(result.error?.issues.map((i) => i.message)).toEqual([CLIENT_TEXT_MESSAGES[issue]]);
  });

  it('reports only its own issue when chained with the field rules', () => {
    const schema = clientText().max(3);
    expect(schema.safeParse('a\u0000bcdef').error?.issues.map((issue) => issue.message)).toEqual([
      CLIENT_TEXT_MESSAGES.CONTROL_CHARACTERS,
    ]);
    expect(schema.safeParse('abcdef').success).toBe(false);
    expect(schema.parse('abc')).toBe('abc');
  });

  it('takes the field’s own messages', () => {
    const schema = clientText({ messages: { CONTROL_CHARACTERS: 'No.' } });
    expect(schema.safeParse('\u0000').error?.issues[0]?.message).toBe('No.');
  });
});

describe('findNameIssue: names shown to other people', () => {
  it.each<[string, TextIssue | undefined]>([
    ['Acme Sales', undefined],
    ['A', undefined],
    ['x\u200b', undefined],
    ['\u200b\u200b\u200b', 'NO_VISIBLE_CHARACTERS'],
    ['\u2800', undefined],
    ['\u00a0\u2003\u3000', 'NO_VISIBLE_CHARACTERS'],
    ['\u034f\u180e\u2061', 'NO_VISIBLE_CHARACTERS'],
    ['\ue000\ue001', 'NO_VISIBLE_CHARACTERS'],
    ...['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'].map(
      (character): [string, TextIssue] => [`Acme${character}Sales`, 'DIRECTION_OVERRIDES'],
    ),
    ['Acme\u200fSales', undefined],
    ['Acme\u0000', 'CONTROL_CHARACTERS'],
    ['Acme\ud800', 'INVALID_UNICODE'],
  ])('%j → %s', (value, issue) => {
    expect(findNameIssue(value)).toBe(issue);
  });
});

describe('numbers that reach integer and timestamp columns', () => {
  it.each<[unknown, boolean]>([
    [0, true],
    [MAX_CLIENT_INT, true],
    [MAX_CLIENT_INT + 1, false],
    [2 ** 53, false],
    [1e308, false],
    [-1, false],
    [1.5, false],
    ['1', false],
  ])('clientInt %j → %s', (value, ok) => {
    expect(clientInt().safeParse(value).success).toBe(ok);
  });

  it('names the bound when a number is too large', () => {
    expect(clientInt().safeParse(2 ** 31).error?.issues[0]?.message).toBe(NUMBER_MESSAGES.TOO_LARGE);
  });

  it.each<[unknown, boolean]>([
    [0, true],
    [Date.UTC(2026, 10, 23), true],
    [MAX_TIMESTAMP_MS, true],
    [MAX_TIMESTAMP_MS + 1, false],
    [Date.UTC(10000, 0, 1), false],
    [8.64e15, false],
    [-1, false],
    [1e300, false],
  ])('clientTimestampMs %j → %s', (value, ok) => {
    expect(clientTimestampMs().safeParse(value).success).toBe(ok);
  });

  it('ends at the last instant of year 9999', () => {
    expect(new Date(MAX_TIMESTAMP_MS).toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });
});
