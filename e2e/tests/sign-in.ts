import { expect, type Page } from '@playwright/test';

/** The URL of a space page: /{workspaceId}/{slug}/{rest}. */
export const spacePath = (slug: string, rest: string) =>
  new RegExp(`/[0-9a-f-]{36}/${slug}/${rest.replaceAll('/', '\\/')}(\\?.*)?$`);

/** Picks the account on the local OpenID provider's page, as a person would on Google's. */
export async function chooseAccount(page: Page, email: string): Promise<void> {
  await expect(page.getByRole('heading', { name: /choose an account/i })).toBeVisible();
  await page.getByRole('button', { name: email, exact: true }).click();
}

/** Signs in from the login page (or from wherever `path` redirects to it). */
export async function signIn(page: Page, email: string, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await chooseAccount(page, email);
}

/**
 * The signed-in person's access token, as the web app gets it (the refresh cookie): how a test
 * calls the API as the add-on would (a fresh token each time: they live 20 s in this suite).
 */
export async function accessTokenOf(page: Page): Promise<string> {
  const { accessToken } = await page.evaluate(async () => {
    const response = await fetch('/api/v1/auth/refresh-token', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    return (await response.json()) as { accessToken: string };
  });
  return accessToken;
}
