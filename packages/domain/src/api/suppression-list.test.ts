import { describe, expect, it } from 'vitest';
import { suppressionCsvHeader, suppressionCsvRow, type SuppressionItem } from './suppression-list';

const item = (overrides: Partial<SuppressionItem> = {}): SuppressionItem => ({
  emailAddress: 'ann@example.com',
  createTimestamp: Date.UTC(2026, 0, 2, 3, 4, 5),
  lastUpdateTimestamp: Date.UTC(2026, 5, 6, 7, 8, 9),
  type: 'WORKSPACE',
  source: 'MANUAL',
  isOwn: true,
  ...overrides,
});

describe('suppression list export (spec 002 §2.3, §2.4, §3)', () => {
  it.each([
    ['unsubscriptions', ['Email address', 'Date', 'Type']],
    ['bounces', ['Email address', 'Date']],
  ] as const)('%s: the table’s columns', (list, header) => {
    expect(suppressionCsvHeader(list)).toEqual(header);
  });

  it.each([
    ['unsubscriptions', item(), ['ann@example.com', '2026-06-06T07:08:09.000Z', 'Shared']],
    [
      'unsubscriptions',
      item({ type: 'PERSONAL', lastUpdateTimestamp: 0 }),
      ['ann@example.com', '2026-01-02T03:04:05.000Z', 'Personal'],
    ],
    ['bounces', item(), ['ann@example.com', '2026-06-06T07:08:09.000Z']],
  ] as const)('%s: %o → %o (the date is the last update, else the creation, in UTC)', (list, entry, row) => {
    expect(suppressionCsvRow(list, entry)).toEqual(row);
  });
});
