import { describe, expect, it } from 'vitest';
import {
  checkTrackedLink,
  INVALID_LINK_MESSAGE,
  LINK_CREDENTIALS_MESSAGE,
  MAX_LINK_LENGTH,
  normalizeTrackedLink,
} from './links';

describe('checkTrackedLink (issue 10: no open redirects by registration)', () => {
  it.each([
    ['https://example.com/a', 'https://example.com/a'],
    ['http://example.com', 'http://example.com/'],
    ['HTTPS://Example.COM/Path?q=1#top', 'https://example.com/Path?q=1#top'],
    ['https://example.com:443/a', 'https://example.com/a'],
    ['https://example.com:8443/a', 'https://example.com:8443/a'],
    ['https://bücher.de/angebot', 'https://xn--bcher-kva.de/angebot'],
    ['https://BÜCHER.de/', 'https://xn--bcher-kva.de/'],
    ['https://例え.jp/', 'https://xn--r8jz45g.jp/'],
    ['https://example.com/ü?x=ä', 'https://example.com/%C3%BC?x=%C3%A4'],
    ['https:\\\\example.com\\a', 'https://example.com/a'],
  ])('tracks %j as %j', (input, url) => {
    expect(checkTrackedLink(input)).toEqual({ ok: true, url });
    expect(normalizeTrackedLink(input)).toBe(url);
  });

  it.each([
    ['https://user:pass@example.com/'],
    ['https://user@example.com/'],
    ['https://:secret@example.com/'],
    ['https://good.example@evil.example/'],
    ['http://a%40b:c@example.com/'],
  ])('refuses %j: credentials', (input) => {
    expect(checkTrackedLink(input)).toEqual({ ok: false, message: LINK_CREDENTIALS_MESSAGE });
    expect(() => normalizeTrackedLink(input)).toThrow(LINK_CREDENTIALS_MESSAGE);
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['ftp://example.com/file'],
    ['mailto:ann@example.com'],
    ['file:///etc/passwd'],
    ['//example.com/a'],
    ['/relative'],
    ['example.com'],
    ['https://'],
    ['https://exa mple.com/'],
    [''],
    [`https://example.com/${'a'.repeat(MAX_LINK_LENGTH)}`],
  ])('refuses %j: not an absolute http(s) link', (input) => {
    expect(checkTrackedLink(input)).toEqual({ ok: false, message: INVALID_LINK_MESSAGE });
  });
});
