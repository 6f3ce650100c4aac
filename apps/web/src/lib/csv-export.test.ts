import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvField, downloadCsv, toCsv } from './csv-export';

describe('toCsv (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
  ])('writes %j as %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('joins fields with commas and records with CRLF, header first', () => {
    expect(
      toCsv([
        ['Email address', 'Date'],
        ['a@b.test', 'March 3rd, 2026'],
        [null, 42],
      ]),
    ).toBe('Email address,Date\r\na@b.test,"March 3rd, 2026"\r\n,42\r\n');
  });

  it('passes every cell through the transform before quoting', () => {
    expect(toCsv([['=1+1', 'ok']], (value) => (value.startsWith('=') ? `'${value}` : value))).toBe(
      "'=1+1,ok\r\n",
    );
  });

  it('writes nothing for no records', () => {
    expect(toCsv([])).toBe('');
  });
});

describe('downloadCsv', () => {
  afterEach(() => vi.restoreAllMocks());

  it('downloads a UTF-8 CSV file named with .csv through a link', async () => {
    const createObjectURL = vi.fn((_: Blob) => 'blob:csv');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('Exported_Bounces_2026-03-03.csv');
      expect(this.href).toBe('blob:csv');
    });

    downloadCsv('Exported_Bounces_2026-03-03', 'a\r\n');

    expect(click).toHaveBeenCalledTimes(1);
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/csv;charset=utf-8');
    // The UTF-8 byte order mark, then the content (Blob.text() would drop the mark).
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0xef, 0xbb, 0xbf, 0x61, 0x0d, 0x0a]);
    expect(document.querySelector('a[download]')).toBeNull();
    await vi.waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:csv'));
  });
});
