import { ENDPOINTS, endpointPath } from '@mergedesk/domain/api/endpoints';
import { describe, expect, it } from 'vitest';
import { createTrackingTokens, trackingUrlBuilder, trackingUrlsFor } from './tracking-token';

describe('tracking URLs', () => {
  it('are the tracking endpoints under the base URL, with the token and link index in their paths', () => {
    const urls = trackingUrlsFor('https://t.mergedesk.example/', '0190c6a8.sig-_x');
    expect(urls.openPixelUrl).toBe('https://t.mergedesk.example/t/o/0190c6a8.sig-_x.gif');
    expect(urls.unsubscribeUrl).toBe('https://t.mergedesk.example/t/u/0190c6a8.sig-_x');
    expect(urls.responseUrl).toBe('https://t.mergedesk.example/t/f/0190c6a8.sig-_x');
    expect(urls.clickUrl(0)).toBe('https://t.mergedesk.example/t/c/0190c6a8.sig-_x/0');
    expect(urls.clickUrl(12)).toBe('https://t.mergedesk.example/t/c/0190c6a8.sig-_x/12');
  });

  // The builder lays each path out once; every URL must be the one endpointPath gives.
  const bases = [
    'https://t.mergedesk.example',
    'https://t.mergedesk.example///',
    'http://localhost:3000/base/path/',
  ];
  const tokens = [
    createTrackingTokens('s'.repeat(40)).sign('0190c6a8-0000-7000-8000-000000000001'),
    'needs encoding: a b/c?d#e%f',
    'mdkTokenSlot',
    '',
  ];
  const expected = (base: string, name: keyof typeof ENDPOINTS, params: Record<string, string>) =>
    `${base.replace(/\/+$/, '')}${endpointPath(ENDPOINTS[name].path, params)}`;
  const cases = bases.flatMap((base) => tokens.map((token) => ({ base, token })));

  it.each(cases)('under $base for the token "$token" are those of endpointPath', ({ base, token }) => {
    const urls = trackingUrlBuilder(base)(token);
    expect(urls.openPixelUrl).toBe(expected(base, 'tracking.open', { token }));
    expect(urls.unsubscribeUrl).toBe(expected(base, 'tracking.unsubscribePage', { token }));
    expect(urls.responseUrl).toBe(expected(base, 'tracking.formResponse', { token }));
    for (const linkIndex of [0, 7, 4999])
      expect(urls.clickUrl(linkIndex)).toBe(
        expected(base, 'tracking.click', { token, linkIndex: String(linkIndex) }),
      );
  });

  it('one builder serves many tokens, each URL its own token', () => {
    const build = trackingUrlBuilder('https://t.example');
    const first = build('first');
    const second = build('second');
    expect(first.openPixelUrl).toBe('https://t.example/t/o/first.gif');
    expect(second.openPixelUrl).toBe('https://t.example/t/o/second.gif');
    expect(first.clickUrl(1)).toBe('https://t.example/t/c/first/1');
  });
});
