import { describe, expect, it } from 'vitest';
import { unsubscribeFooterHtml } from './unsubscribe-footer';

const STYLE = 'margin-top:24px;font-size:12px;color:#888888';

describe('unsubscribeFooterHtml: the footer the engine sends and the preview shows', () => {
  it.each<[string, string, string]>([
    [
      'a tracking URL',
      'https://mergedesk.example/t/u/abc.def',
      `<p style="${STYLE}">Don't want these emails? <a href="https://mergedesk.example/t/u/abc.def">Unsubscribe</a>.</p>`,
    ],
    [
      'a URL with characters to escape',
      'https://x.example/?a=1&b="2"',
      `<p style="${STYLE}">Don't want these emails? <a href="https://x.example/?a=1&amp;b=&quot;2&quot;">Unsubscribe</a>.</p>`,
    ],
  ])('%s', (_case, url, expected) => {
    expect(unsubscribeFooterHtml(url)).toBe(expected);
  });
});
