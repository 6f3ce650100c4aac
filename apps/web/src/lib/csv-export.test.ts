import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackEvent } from './analytics';
import { exportCsv, toCsv } from './csv-export';

vi.mock('./analytics', () => ({ trackEvent: vi.fn() }));

/** Captures what the browser is asked to download. */
function captureDownloads() {
  const createObjectURL = vi.fn((_: Blob) => 'blob:csv');
  const revokeObjectURL = vi.fn();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  const names: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
    expect(this.href).toBe('blob:csv');
  });
  return { createObjectURL, revokeObjectURL, click, names };
}

describe('exportCsv', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads the UTF-8 CSV (RFC 4180, formulas neutralised) under the given file name', async () => {
    const downloads = captureDownloads();

    const csv = exportCsv(
      'Exported_Bounces_2026-03-03.csv',
      ['Email address', 'Date'],
      [
        ['=cmd@evil.test', 'March 3rd, 2026'],
        ['a@acme.test', 'say "hi"'],
      ],
    );

    expect(csv).toBe('Email address,Date\r\n\'=cmd@evil.test,"March 3rd, 2026"\r\na@acme.test,"say ""hi"""');
    expect(downloads.click).toHaveBeenCalledTimes(1);
    expect(downloads.names).toEqual(['Exported_Bounces_2026-03-03.csv']);
    const blob = downloads.createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    // The UTF-8 byte order mark, then the content (Blob.text() would drop the mark).
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(csv);
    expect(document.querySelector('a[download]')).toBeNull();
    await vi.waitFor(() => expect(downloads.revokeObjectURL).toHaveBeenCalledWith('blob:csv'));
  });

  it('adds .csv to a name without it', () => {
    const downloads = captureDownloads();
    exportCsv('Exported_Unsubscriptions_2026-03-03', ['Email address'], []);
    expect(downloads.names).toEqual(['Exported_Unsubscriptions_2026-03-03.csv']);
    expect(trackEvent).toHaveBeenCalledWith({
      event_type: 'csv_export',
      message: 'Exported_Unsubscriptions_2026-03-03.csv',
    });
  });
});

describe('toCsv', () => {
  it('writes records, header first, neutralising formulas after the cell transform', () => {
    expect(
      toCsv(
        [
          ['Name', 'Sent'],
          ['+Ann, "A"', 1500],
          [null, undefined],
        ],
        (value) => value.toUpperCase(),
      ),
    ).toBe('NAME,SENT\r\n"\'+ANN, ""A""",1500\r\n,');
  });

  it('writes nothing for no records', () => {
    expect(toCsv([])).toBe('');
  });

  it('keeps numbers as data (a negative count is not a formula) and quotes line breaks', () => {
    expect(
      toCsv([
        ['n', 'note'],
        [-3, 'line\nbreak'],
        [Number.NaN, '@SUM(A1)'],
      ]),
    ).toBe('n,note\r\n-3,"line\nbreak"\r\n,\'@SUM(A1)');
  });
});
