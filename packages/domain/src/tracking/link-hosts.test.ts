import { describe, expect, it } from 'vitest';
import {
  exceedsLinkHostLimit,
  FREE_SPACE_LINK_HOSTS_PER_DAY,
  isBlockedLinkHost,
  linkHostOf,
  normalizeBlockedHost,
} from './link-hosts';

const hosts = (count: number, prefix = 'h') =>
  Array.from({ length: count }, (_, index) => `${prefix}${index}.example`);

describe('linkHostOf', () => {
  it.each([
    ['https://example.com/a?b=1', 'example.com'],
    ['https://example.com:8443/a', 'example.com'],
    ['http://xn--bcher-kva.de/', 'xn--bcher-kva.de'],
    ['http://[::1]:3000/', '[::1]'],
    ['http://192.0.2.1/x', '192.0.2.1'],
  ])('%s → %s', (url, host) => {
    expect(linkHostOf(url)).toBe(host);
  });
});

describe('exceedsLinkHostLimit (Free: 20 distinct hosts in 24 hours)', () => {
  it('is 20 on the Free plan', () => {
    expect(FREE_SPACE_LINK_HOSTS_PER_DAY).toBe(20);
  });

  it.each([
    ['FREE', 0, hosts(20), false],
    ['FREE', 0, hosts(21), true],
    ['FREE', 19, ['new.example'], false],
    ['FREE', 20, ['new.example'], true],
    ['FREE', 20, ['h0.example', 'h19.example'], false],
    ['FREE', 25, ['h3.example'], false],
    ['FREE', 25, ['new.example'], true],
    ['FREE', 0, [], false],
    ['PRO', 20, ['new.example'], false],
    ['PREMIUM', 0, hosts(500), false],
    ['LEGACY', 100, hosts(5, 'n'), false],
  ] as const)('%s space with %i hosts today, registering %j: %s', (plan, today, added, expected) => {
    expect(exceedsLinkHostLimit({ workspacePlan: plan, hostsToday: hosts(today), newHosts: added })).toBe(
      expected,
    );
  });
});

describe('normalizeBlockedHost', () => {
  it.each([
    ['evil.example', 'evil.example'],
    ['  EVIL.Example. ', 'evil.example'],
    ['*.evil.example', 'evil.example'],
    ['.evil.example', 'evil.example'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['', null],
    ['https://evil.example/', null],
    ['evil.example/path', null],
    ['user@evil.example', null],
    ['evil.example:8080', null],
  ])('%j → %j', (entry, host) => {
    expect(normalizeBlockedHost(entry)).toBe(host);
  });
});

describe('isBlockedLinkHost', () => {
  const blocklist = ['evil.example', 'xn--bcher-kva.example'];
  it.each([
    ['evil.example', true],
    ['www.evil.example', true],
    ['a.b.evil.example', true],
    ['notevil.example', false],
    ['evil.example.com', false],
    ['xn--bcher-kva.example', true],
    ['good.example', false],
  ])('%s: %s', (host, expected) => {
    expect(isBlockedLinkHost(host, blocklist)).toBe(expected);
  });
  it('blocks nothing with an empty list', () => {
    expect(isBlockedLinkHost('evil.example', [])).toBe(false);
  });
});
