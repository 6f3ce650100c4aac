import { expect, test, type Page, type Route } from '@playwright/test';
import { chooseAccount, signIn, spacePath } from './sign-in';

/**
 * The session behaviour of issue 6 in a browser: tabs of one browser agree, and only a refused
 * refresh signs out — a lost network, a 429 or a 5xx on the refresh call shows the reconnecting
 * notice and keeps the person signed in.
 */

const REFRESH = '**/api/v1/auth/refresh-token';
const RECONNECTING = 'Connection lost. Reconnecting…';
const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
/** Access tokens live 20 s in the e2e server; the app refreshes 2 s before expiry. */
const BACKGROUND_REFRESH_TIMEOUT = 30_000;

const reconnectingNotice = (page: Page) => page.getByRole('status').filter({ hasText: RECONNECTING });

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  return page.getByRole('menu');
}

test.describe('tabs of one browser', () => {
  test('a sign-out in one tab sends the other to /login within a second, with its continue path', async ({
    page,
    context,
  }) => {
    await signIn(page, 'adam@acme.test');
    await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
    const other = await context.newPage();
    await other.goto(page.url().replace('mail-merges/sent', 'unsubscriptions'));
    await expect(other.getByRole('heading', { name: 'Unsubscriptions', level: 1 })).toBeVisible();
    const otherPath = new URL(other.url()).pathname;

    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(other).toHaveURL(`/login?continue=${encodeURIComponent(otherPath)}`, { timeout: 1000 });
    await expect(other.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  });

  test('a switch of account in one tab is followed by the other', async ({ page, context }) => {
    await signIn(page, 'adam@acme.test');
    await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
    const other = await context.newPage();
    await other.goto(page.url());
    await expect(other.getByRole('combobox', { name: /Switch space/ })).toBeVisible();

    await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Switch account' }).click();
    // The old session ends in every tab at once…
    await expect(other).toHaveURL(/\/login\?continue=/, { timeout: 1000 });
    // …and the new one is taken up by the other tab when it starts.
    await chooseAccount(page, 'olivia@acme.test');
    await expect(page).toHaveURL(/\/mail-merges\/sent/);
    await expect(other).toHaveURL(/\/mail-merges\/sent/);
    await expect((await openAccountMenu(other)).getByText('olivia@acme.test', { exact: true })).toBeVisible();
  });
});

test.describe('refresh failures', () => {
  test('a lost network on refresh keeps the session while reconnecting, and it recovers', async ({
    page,
  }) => {
    await signIn(page, 'adam@acme.test');
    await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
    const path = new URL(page.url()).pathname;

    await page.route(REFRESH, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await expect(reconnectingNotice(page)).toBeVisible();
    await expect(page).toHaveURL(path);

    await page.unroute(REFRESH);
    await expect(reconnectingNotice(page)).toBeHidden({ timeout: 10_000 });
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('combobox', { name: /Switch space/ })).toContainText('Acme Sales');
  });

  test('a 429 and a 5xx on the background refresh keep the person signed in; it recovers by itself', async ({
    page,
  }) => {
    await signIn(page, 'adam@acme.test');
    await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
    const path = new URL(page.url()).pathname;

    const answers = [429, 503];
    const failed: number[] = [];
    await page.route(REFRESH, async (route: Route) => {
      const status = answers.shift();
      if (status === undefined) return route.continue();
      failed.push(status);
      return route.fulfill({
        status,
        contentType: 'application/json',
        body: JSON.stringify({
          errors: [],
          code: status === 429 ? 'TOO_MANY_REQUESTS' : 'SERVICE_UNAVAILABLE',
          message: 'x',
        }),
      });
    });
    await expect(reconnectingNotice(page)).toBeVisible({ timeout: BACKGROUND_REFRESH_TIMEOUT });
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('combobox', { name: /Switch space/ })).toBeVisible();

    await expect(reconnectingNotice(page)).toBeHidden({ timeout: 10_000 });
    expect(failed).toEqual([429, 503]);
    await expect(page).toHaveURL(path);
    await page.getByRole('link', { name: 'Unsubscriptions' }).first().click();
    await expect(page.getByRole('heading', { name: 'Unsubscriptions', level: 1 })).toBeVisible();
  });

  test('a refused refresh (401) signs out with the session-expired message', async ({ page }) => {
    await signIn(page, 'adam@acme.test');
    await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));

    await page.route(REFRESH, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ errors: [], code: 'UNAUTHORIZED', message: 'Refresh refused.' }),
      }),
    );
    await expect(page).toHaveURL(/\/login/, { timeout: BACKGROUND_REFRESH_TIMEOUT });
    await expect(page.getByText(SESSION_EXPIRED)).toBeVisible();
    await expect(reconnectingNotice(page)).toBeHidden();
  });
});
