import { describe, expect, it } from 'vitest';
import { checkContent, emptyValuesMessage } from './content-checks';

const rows = [
  { 'First name': 'Ada', Company: 'Acme' },
  { 'First name': '', Company: 'Initech' },
  { 'First name': ' ', Company: '' },
];
const columns = ['First name', 'Company'];

describe('checkContent', () => {
  it.each<[string, string, string, string[], { index: number; markers: string[] }[]]>([
    ['no markers', 'Hello', '<p>Hi</p>', [], []],
    [
      'blank values without fallback are flagged per row',
      'Hi {{First name}}',
      '<p>{{Company}}</p>',
      [],
      [
        { index: 1, markers: ['First name'] },
        { index: 2, markers: ['First name', 'Company'] },
      ],
    ],
    ['a fallback covers blank values', 'Hi {{First name|there}}', '<p>x</p>', [], []],
    [
      'unknown markers are listed, not flagged as empty',
      '{{Nmae}}',
      '<p>{{Nmae}} {{Town}}</p>',
      ['Nmae', 'Town'],
      [],
    ],
  ])('%s', (_, subject, htmlBody, unknown, emptyValues) => {
    const checks = checkContent({ subject, htmlBody, columns, rows });
    expect(checks.unknown).toEqual(unknown);
    expect(checks.emptyValues).toEqual(emptyValues);
  });

  it.each<[string, string, boolean, boolean]>([
    ['', '<p>x</p>', true, false],
    ['  ', ' ', true, true],
    ['Hi', '<p>x</p>', false, false],
  ])('subject %j, body %j: missing subject %s, missing body %s', (subject, htmlBody, noSubject, noBody) => {
    const checks = checkContent({ subject, htmlBody, columns, rows: [] });
    expect([checks.missingSubject, checks.missingBody]).toEqual([noSubject, noBody]);
  });
});

describe('emptyValuesMessage', () => {
  it.each<[{ index: number; markers: string[] }[], string | null]>([
    [[], null],
    [
      [{ index: 0, markers: ['First name'] }],
      '1 recipient has an empty {{First name}}: it is sent blank. Fill the cells or add a fallback, e.g. {{First name|there}}.',
    ],
    [
      [
        { index: 1, markers: ['First name'] },
        { index: 4, markers: ['First name', 'Company'] },
      ],
      '2 recipients have an empty {{First name}}, {{Company}}: it is sent blank. Fill the cells or add a fallback, e.g. {{First name|there}}.',
    ],
  ])('%j -> %j', (emptyValues, expected) => {
    expect(emptyValuesMessage(emptyValues)).toBe(expected);
  });
});
