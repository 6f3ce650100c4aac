import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { chooseAccount } from './sign-in';

/** The Gmail stand-in of this run (dev-services/gmail-emulator; playwright.config.ts picks its port). */
export const GMAIL_URL = `http://localhost:${Number(process.env.E2E_PORTS?.split(',')[4] ?? 0)}`;

/**
 * Connects the signed-in person's Gmail (the gmail.send grant, issue 24) as they would from the
 * dashboard: the connect link, the provider's consent for their own account, back to the page.
 * Invitations then leave from their mailbox.
 */
export async function connectGmail(page: Page, email: string): Promise<void> {
  const back = new URL(page.url());
  const returnTo = `${back.pathname}${back.search}`;
  await page.goto(`/api/v1/auth/gmail/connect?returnTo=${encodeURIComponent(returnTo)}`);
  await expect(page.getByText('also asks to send e-mail as you')).toBeVisible();
  await chooseAccount(page, email);
  await expect(page).toHaveURL(/[?&]gmail=connected/);
}

type DeliveredMessage = { from: string; to: string[]; subject: string; text: string | null };

/** The newest invitation link mailed to `to` (optionally for `space`), read from the stand-in. */
export async function invitationLinkMailedTo(
  request: APIRequestContext,
  to: string,
  space?: string,
): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const response = await request.get(`${GMAIL_URL}/_emulator/messages?to=${encodeURIComponent(to)}`);
    const messages = ((await response.json()) as DeliveredMessage[])
      .filter((message) => space === undefined || message.subject.includes(space))
      .reverse();
    link = messages
      .map((message) => /https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+\/accept/.exec(message.text ?? '')?.[0])
      .find((found) => found !== undefined);
    expect(link).toBeDefined();
  }).toPass({ timeout: 10_000 });
  return link!;
}
