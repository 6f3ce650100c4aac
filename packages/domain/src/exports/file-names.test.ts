import { describe, expect, it } from 'vitest';
import { EXPORT_LIMIT, exportFileDate, exportFileName, type ExportKind } from './file-names';

const NOW = Date.parse('2026-11-22T16:00:00.000Z');

describe('exportFileName (spec 002 §9 "Exported file names")', () => {
  it.each<[ExportKind, string]>([
    ['MAIL_MERGES', 'Exported_Mail_merges_2026-11-22.csv'],
    ['SCHEDULED_MAIL_MERGES', 'Exported_Scheduled_Mail_merges_2026-11-22.csv'],
    ['UNSUBSCRIPTIONS', 'Exported_Unsubscriptions_2026-11-22.csv'],
    ['USERS', 'Exported_Users_2026-11-22.csv'],
    ['BOUNCES', 'Exported_Bounces_2026-11-22.csv'],
    ['RECIPIENTS', 'Exported_Recipients_2026-11-22.csv'],
  ])('%s -> %s', (kind, expected) => {
    expect(exportFileName(kind, NOW)).toBe(expected);
    expect(exportFileName(kind, new Date(NOW))).toBe(expected);
  });

  it.each<[string, string]>([
    ['2026-01-05T00:00:00.000Z', '2026-01-05'],
    ['2026-12-31T23:59:59.999Z', '2026-12-31'],
    ['0999-03-04T12:00:00.000Z', '0999-03-04'],
  ])('date %s -> %s (yyyy-MM-dd, UTC)', (iso, expected) => {
    expect(exportFileDate(Date.parse(iso))).toBe(expected);
  });
});

describe('EXPORT_LIMIT (spec 002 §9: "Export fetch limit 30000 rows")', () => {
  it('is 30000', () => {
    expect(EXPORT_LIMIT).toBe(30000);
  });
});
