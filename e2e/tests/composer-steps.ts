import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { GMAIL_URL } from './gmail';
import { accessTokenOf, chooseAccount } from './sign-in';

/**
 * A person's steps through the dashboard's composer (issue 25), shared by composer.spec.ts and the
 * README's screenshots (screenshots.spec.ts).
 */

const CONNECTED_NOTICE = 'Gmail is connected. MergeDesk can now send your mail merges.';

/**
 * Connects the signed-in person's Gmail from the account menu unless it is connected already (an
 * earlier spec of the run may have connected it): Google's (local) consent, then back.
 */
export async function ensureGmailConnected(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const connectItem = page.getByRole('menuitem', { name: 'Connect Gmail', exact: true });
  const disconnectItem = page.getByRole('menuitem', { name: 'Disconnect Gmail', exact: true });
  await expect(connectItem.or(disconnectItem)).toBeVisible();
  if (await disconnectItem.isVisible()) {
    await expect(page.getByText(`Connected as ${email}`)).toBeVisible();
    await page.keyboard.press('Escape');
    return;
  }
  const back = page.url();
  await connectItem.click();
  const chooser = page.getByRole('heading', { name: /choose an account/i });
  const connected = page.getByText(CONNECTED_NOTICE);
  await expect(chooser.or(connected)).toBeVisible();
  if (await chooser.isVisible()) await chooseAccount(page, email);
  await expect(connected).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(new URL(back).pathname);
}

/** Disconnects the signed-in person's Gmail through the account menu's confirmation. */
export async function disconnectGmail(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Disconnect Gmail', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect Gmail?' });
  await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
  await expect(confirm).toBeHidden();
}

/** The id of the space the page shows: /{workspaceId}/{slug}/… */
const workspaceIdOf = (page: Page): string => new URL(page.url()).pathname.split('/')[1] ?? '';

/**
 * An address on the space's unsubscription list that applies to the signed-in sender: a shared
 * (WORKSPACE) entry or one of their own, found through the Unsubscriptions page's own call.
 */
export async function unsubscribedAddressOf(page: Page, request: APIRequestContext): Promise<string> {
  const response = await request.get(
    `/api/v1/users/me/workspaces/${workspaceIdOf(page)}/unsubscriptions?limit=100`,
    { headers: { authorization: `Bearer ${await accessTokenOf(page)}` } },
  );
  expect(response.status()).toBe(200);
  const { items } = (await response.json()) as {
    items: { emailAddress: string; type: 'WORKSPACE' | 'PERSONAL'; isOwn: boolean }[];
  };
  const applies = items.find((item) => item.type === 'WORKSPACE' || item.isOwn);
  expect(applies, 'an unsubscription that applies to the sender').toBeDefined();
  return applies!.emailAddress;
}

export type CsvRow = { email: string; firstName: string };

/** A CSV of recipients as a spreadsheet exports it: a header row, then one row per recipient. */
export const recipientsCsv = (rows: readonly CsvRow[]): string =>
  ['Email,First name', ...rows.map((row) => `${row.email},${row.firstName}`)].join('\r\n');

/** From the Mail merges page, 'New mail merge' opens the composer. */
export async function openComposer(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'New mail merge', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New mail merge' })).toBeVisible();
}

/** Chooses the CSV file in the recipients step. */
export async function uploadCsv(page: Page, name: string, csv: string): Promise<void> {
  await page.getByLabel('CSV file', { exact: true }).setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
}

/** Writes the subject and the HTML body. */
export async function writeContent(page: Page, subject: string, htmlBody: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Subject', exact: true }).fill(subject);
  await page.getByRole('textbox', { name: 'Body (HTML)' }).fill(htmlBody);
}

/** Moves the preview to recipient `n` (1-based) of `total` with 'Next'. */
export async function previewRecipient(page: Page, n: number, total: number): Promise<void> {
  const position = (k: number) => page.getByText(`Recipient ${k} of ${total}`, { exact: true });
  await expect(position(1).or(page.getByText(new RegExp(`^Recipient \\d+ of ${total}$`)))).toBeVisible();
  for (let k = 1; k < n; k += 1) {
    if (await position(n).isVisible()) break;
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expect(position(n)).toBeVisible();
}

/** 'Send…': the confirmation with the counts (once the space's lists have answered for the file). */
export async function confirmSend(page: Page): Promise<void> {
  await expect(page.getByText("Checking the space's unsubscriptions and bounces…")).toBeHidden();
  await page.getByRole('button', { name: 'Send…', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Send this mail merge?' })).toBeVisible();
}

/** The confirmation's 'Send': the merge's progress page. */
export async function sendFromConfirmation(page: Page): Promise<void> {
  const confirm = page.getByRole('dialog', { name: 'Send this mail merge?' });
  await confirm.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mail merge progress' })).toBeVisible();
}

type DeliveredMessage = { id: string; to: string[]; subject: string; html: string | null };

/** The messages the Gmail stand-in delivered to any of `addresses`. */
export async function deliveredTo(
  request: APIRequestContext,
  addresses: readonly string[],
): Promise<DeliveredMessage[]> {
  const wanted = new Set(addresses.map((address) => address.toLowerCase()));
  const response = await request.get(`${GMAIL_URL}/_emulator/messages`);
  const messages = (await response.json()) as DeliveredMessage[];
  return messages.filter((message) => message.to.some((to) => wanted.has(to.toLowerCase())));
}
