import { describe, expect, it } from 'vitest';
import { isSpacePage, pathAfterSpacePrefix, withUrlPrefix } from './space-path';

describe('pathAfterSpacePrefix', () => {
  it.each([
    ['/id/slug', ''],
    ['/id/slug/', ''],
    ['/id/slug/mail-merges/sent', '/mail-merges/sent'],
    ['/id/slug/space/billing', '/space/billing'],
  ])('%s -> %j', (pathname, expected) => {
    expect(pathAfterSpacePrefix(pathname)).toBe(expected);
  });
});

describe('withUrlPrefix (a wrong slug is replaced, the rest of the path kept)', () => {
  it.each([
    ['/a1/wrong/templates', '/a1/acme-sales', '/a1/acme-sales/templates'],
    ['/a1/wrong', '/a1/acme-sales', '/a1/acme-sales'],
    ['/a1/wrong/mail-merges/sent/42', '/a1/acme-sales/', '/a1/acme-sales/mail-merges/sent/42'],
  ])('%s under %s -> %s', (pathname, prefix, expected) => {
    expect(withUrlPrefix(pathname, prefix)).toBe(expected);
  });
});

describe('isSpacePage', () => {
  it.each([
    ['/a1/acme/space/billing', true],
    ['/a1/acme/space/billing/details', true],
    ['/a1/acme/space/billingx', false],
    ['/a1/acme/space/users', false],
  ])('%s -> %s', (pathname, expected) => {
    expect(isSpacePage(pathname, '/a1/acme', '/space/billing')).toBe(expected);
  });
});
