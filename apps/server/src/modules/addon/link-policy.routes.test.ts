import {
  FREE_SPACE_LINK_HOSTS_PER_DAY,
  LINK_HOSTS_LIMIT_MESSAGE,
} from '@mergedesk/domain/tracking/link-hosts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { campaignLinks, campaigns } from '../../db/schema';
import { bearer } from '../../test/test-app';
import { useSeededTestApp } from '../../test/seeded-app';
import { LINK_WARNING_CAUTION, LINK_WARNING_TITLE, TRACKING_PAGE_HEADERS } from '../tracking/tracking-pages';
import { apiPath } from '../../test/api-path';

type Registered = { campaignId: string; recipients: { email: string; clickUrls: Record<string, string> }[] };

/**
 * Issue 20 "Links that cannot be turned into a redirect service" (docs/decisions/327-link-policy.md):
 * click URLs redirect only to their merge's links; a Free space registers at most 20 distinct
 * link hosts in 24 hours; blocklisted hosts get a warning page instead of a redirect.
 */
describe('link policy', () => {
  const t = useSeededTestApp({ env: { LINK_HOST_BLOCKLIST: 'evil.example, *.bücher-böse.example' } });

  const register = async (email: string, spaceName: string, links: string[], subject = 'Links') =>
    t.app.inject({
      method: 'POST',
      url: apiPath('addon.createCampaign'),
      headers: bearer(await t.signIn(email)),
      payload: {
        workspaceId: t.demo.spaces[spaceName],
        subject,
        mergeSourceSheetKey: '1AbCdEf-0',
        spreadsheetName: 'Leads',
        sheetName: 'Sheet1',
        recipients: [
          { email: 'ann@example.com', links: links.slice(0, Math.ceil(links.length / 2)) },
          { email: 'bob@example.com', links: links.slice(Math.ceil(links.length / 2)) },
        ],
      },
    });
  const linksTo = (count: number, prefix: string) =>
    Array.from({ length: count }, (_, index) => `https://${prefix}${index}.example/page?i=${index}`);
  const pathOf = (url: string) => url.replace(t.config.PUBLIC_URL, '');
  const click = (url: string) => t.app.inject({ method: 'GET', url: pathOf(url) });
  const linkCountOf = async (spaceName: string) => {
    const [row] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(campaignLinks)
      .innerJoin(campaigns, eq(campaigns.id, campaignLinks.campaignId))
      .where(eq(campaigns.workspaceId, t.demo.spaces[spaceName]!));
    return row?.count ?? 0;
  };

  it('redirects a click URL only to a link registered with its merge', async () => {
    const response = await register('olivia@acme.test', 'Acme Sales', ['https://shop.example/a']);
    expect(response.statusCode).toBe(201);
    const [ann] = response.json<Registered>().recipients;
    const clickUrl = ann!.clickUrls['https://shop.example/a']!;
    const followed = await click(clickUrl);
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('https://shop.example/a');
    // Another index of the same token: the invalid-link page, no redirect.
    const refused = await click(clickUrl.replace(/\/0$/, '/1'));
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
    // A URL in the query is not a destination: the registered link still is.
    const withQuery = await click(`${clickUrl}?url=https://evil.example/`);
    expect(withQuery.headers.location).toBe('https://shop.example/a');
  });

  describe(`a Free space: at most ${FREE_SPACE_LINK_HOSTS_PER_DAY} distinct link hosts in 24 hours`, () => {
    it('takes 20 hosts, then merges to those hosts, and refuses a 21st host whole (403, reason)', async () => {
      expect(await linkCountOf("Sam's space")).toBe(0);
      const twenty = linksTo(20, 'host');
      expect((await register('sam@acme.test', "Sam's space", twenty)).statusCode).toBe(201);
      // Other pages of the same hosts add no host.
      const samePages = twenty.map((link) => link.replace('/page?', '/other?'));
      expect((await register('sam@acme.test', "Sam's space", samePages)).statusCode).toBe(201);
      const before = await linkCountOf("Sam's space");

      const refused = await register('sam@acme.test', "Sam's space", [
        'https://host3.example/x',
        'https://one-more.example/',
      ]);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'FORBIDDEN',
        message: LINK_HOSTS_LIMIT_MESSAGE,
        reason: 'LINK_HOSTS_PER_DAY',
        errors: [{ field: 'recipients', message: LINK_HOSTS_LIMIT_MESSAGE, reason: 'LINK_HOSTS_PER_DAY' }],
      });
      expect(await linkCountOf("Sam's space")).toBe(before);
      // A merge without links is not concerned.
      expect((await register('sam@acme.test', "Sam's space", [])).statusCode).toBe(201);

      // 24 hours later the hosts of those merges no longer count.
      await t.db
        .update(campaigns)
        .set({ createdAt: sql`now() - interval '25 hours'` })
        .where(eq(campaigns.workspaceId, t.demo.spaces["Sam's space"]!));
      expect((await register('sam@acme.test', "Sam's space", ['https://one-more.example/'])).statusCode).toBe(
        201,
      );
    });

    it('counts parallel merges one after the other: of two that together pass the limit, one is refused', async () => {
      const [first, second] = await Promise.all([
        register('max@max.test', 'Max 1', linksTo(11, 'a')),
        register('max@max.test', 'Max 1', linksTo(11, 'b')),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([201, 403]);
      expect(await linkCountOf('Max 1')).toBe(11);
    });

    it('does not limit a space on a paid plan', async () => {
      expect((await register('olivia@acme.test', 'Acme Sales', linksTo(30, 'pro'))).statusCode).toBe(201);
    });
  });

  describe('blocklisted hosts (LINK_HOST_BLOCKLIST): a warning page instead of the redirect', () => {
    it('shows the destination and a continue link for the host and its subdomains, and redirects others', async () => {
      const links = [
        'https://evil.example/login',
        'https://www.evil.example/a?b=1&c=<x>',
        'https://xn--bcher-bse-67a3d.example/',
        'https://notevil.example/',
      ];
      const response = await register('olivia@acme.test', 'Acme Sales', links);
      expect(response.statusCode).toBe(201);
      const clickUrls = Object.assign(
        {},
        ...response.json<Registered>().recipients.map((recipient) => recipient.clickUrls),
      ) as Record<string, string>;

      const warned = await click(clickUrls['https://www.evil.example/a?b=1&c=<x>']!);
      expect(warned.statusCode).toBe(200);
      expect(warned.headers.location).toBeUndefined();
      expect(warned.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(warned.headers['content-security-policy']).toBe(
        TRACKING_PAGE_HEADERS['content-security-policy'],
      );
      expect(warned.headers['cache-control']).toBe('no-store');
      const destination = 'https://www.evil.example/a?b=1&#38;c=%3Cx%3E';
      expect(warned.body).toContain(`<h1>${LINK_WARNING_TITLE}</h1>`);
      expect(warned.body).toContain(`<p class="url">${destination}</p>`);
      expect(warned.body).toContain(LINK_WARNING_CAUTION);
      expect(warned.body).toContain(
        `<a href="${destination}" rel="noopener noreferrer">Continue to www.evil.example</a>`,
      );
      expect(warned.body).toContain('<html lang="en">');

      expect((await click(clickUrls['https://evil.example/login']!)).statusCode).toBe(200);
      expect((await click(clickUrls['https://xn--bcher-bse-67a3d.example/']!)).statusCode).toBe(200);
      const redirected = await click(clickUrls['https://notevil.example/']!);
      expect(redirected.statusCode).toBe(302);
      expect(redirected.headers.location).toBe('https://notevil.example/');
    });

    it('reads the blocklist from LINK_HOST_BLOCKLIST and refuses an entry that is not a host', () => {
      const base = { WEB_DIST_DIR: '', LOG_LEVEL: 'silent' } as const;
      expect(loadConfig(base).LINK_HOST_BLOCKLIST).toEqual([]);
      expect(
        loadConfig({ ...base, LINK_HOST_BLOCKLIST: ' Evil.Example,*.bücher.example  x.test ' })
          .LINK_HOST_BLOCKLIST,
      ).toEqual(['evil.example', 'xn--bcher-kva.example', 'x.test']);
      expect(() => loadConfig({ ...base, LINK_HOST_BLOCKLIST: 'evil.example,https://x.test/' })).toThrow(
        ConfigError,
      );
    });
  });
});
