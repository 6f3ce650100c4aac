import { expect, test } from '@playwright/test';
import { accessTokenOf, chooseAccount, signIn, spacePath } from './sign-in';

/**
 * Issue 24's e2e test: the sender connects Gmail through the local consent page, the add-on starts
 * a merge of 30 through POST /api/addon/merges, the 30 messages arrive in the Gmail stand-in's
 * mailbox page, one is opened and one link clicked there, and the dashboard's counters and
 * Recipients tab show it within 5 s.
 */

const GMAIL_EMULATOR_URL = `http://localhost:${process.env.E2E_PORTS?.split(',')[4] ?? 0}`;
const RECIPIENTS = Array.from(
  { length: 30 },
  (_, index) => `reader${String(index + 1).padStart(2, '0')}@example.test`,
);
const SUBJECT = 'Engine walk-through for {{First name}}';

type DeliveredMessage = { id: string; to: string[]; subject: string };

test('a merge sent by MergeDesk arrives in the mailboxes, and its open and click reach the dashboard within 5 s', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  const workspaceId = new URL(page.url()).pathname.split('/')[1];

  // Connect Gmail from the account menu: Google's (local) consent, then back with one notice. An
  // earlier test of the run may have connected olivia's Gmail (invitations leave from it): then she
  // disconnects it first, through the menu's confirmation.
  await page.getByRole('button', { name: 'Account menu' }).click();
  const connectItem = page.getByRole('menuitem', { name: 'Connect Gmail', exact: true });
  const disconnectItem = page.getByRole('menuitem', { name: 'Disconnect Gmail', exact: true });
  await expect(connectItem.or(disconnectItem)).toBeVisible();
  if (await disconnectItem.isVisible()) {
    await disconnectItem.click();
    const confirm = page.getByRole('dialog', { name: 'Disconnect Gmail?' });
    await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Account menu' }).click();
  }
  await connectItem.click();
  // The provider asks which account, unless its session already knows (olivia granted it before):
  // either way the person comes back connected.
  const chooser = page.getByRole('heading', { name: /choose an account/i });
  const connected = page.getByText('Gmail is connected. MergeDesk can now send your mail merges.');
  await expect(chooser.or(connected)).toBeVisible();
  if (await chooser.isVisible()) await chooseAccount(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await expect(connected).toBeVisible();
  expect(new URL(page.url()).searchParams.has('gmail')).toBe(false);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText('Connected as olivia@acme.test')).toBeVisible();
  await page.keyboard.press('Escape');

  // The add-on signs in like the web app; here it borrows the browser's session.
  const accessToken = await accessTokenOf(page);
  const offer = `${baseURL}/get-started`;
  const started = await request.post('/api/addon/merges', {
    headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': `e2e-sending-${Date.now()}` },
    data: {
      workspaceId,
      spreadsheetName: 'Engine walk-through',
      sheetName: 'Sheet1',
      mergeSourceSheetKey: '1AbCengine-0',
      subject: SUBJECT,
      htmlBody: `<p>Hi {{First name}}, see <a href="${offer}">our offer</a>.</p>`,
      recipients: RECIPIENTS.map((email, index) => ({
        email,
        fields: { 'First name': `Reader ${index + 1}` },
      })),
    },
  });
  expect(started.status()).toBe(202);
  const { campaignId } = (await started.json()) as { campaignId: string };
  expect(campaignId).toBeTruthy();

  // The 30 messages, one per recipient, in the stand-in.
  const delivered = async () => {
    const response = await request.get(`${GMAIL_EMULATOR_URL}/_emulator/messages`);
    const messages = (await response.json()) as DeliveredMessage[];
    return messages.filter((message) => message.subject.startsWith('Engine walk-through for '));
  };
  await expect.poll(async () => (await delivered()).length, { timeout: 60_000 }).toBe(30);
  const reached = (await delivered()).flatMap((message) => message.to).sort();
  expect(reached).toEqual(RECIPIENTS);

  // The dashboard, open on the Sent list: the merge with its 30 sent, nothing opened yet.
  await page.goto(page.url());
  const row = page
    .getByRole('table', { name: 'Sent mail merges' })
    .getByRole('row', { name: /Engine walk-through - Sheet1/ });
  await expect(row.getByRole('cell').nth(3)).toHaveText('30');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0%');

  // reader01 opens the message on the mailbox page and clicks its link.
  const mailbox = await context.newPage();
  await mailbox.goto(`${GMAIL_EMULATOR_URL}/?to=${encodeURIComponent(RECIPIENTS[0]!)}`);
  await mailbox.getByRole('link', { name: 'Engine walk-through for Reader 1' }).click();
  const body = mailbox.frameLocator('iframe[title^="Message body"]');
  await expect(body.getByRole('link', { name: 'our offer' })).toBeVisible();
  const popup = mailbox.waitForEvent('popup');
  await body.getByRole('link', { name: 'our offer' }).click();
  await (await popup).close();

  // Within 5 s on the dashboard: 1 of 30 opened and clicked (3 %).
  await expect(row.getByRole('cell').nth(4)).toHaveText('3%', { timeout: 5000 });
  await expect(row.getByRole('cell').nth(5)).toHaveText('3%', { timeout: 5000 });

  // The Recipients tab: reader01 clicked; every recipient's delivery reads Sent.
  await row.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Recipients' }).click();
  const recipients = dialog.getByRole('table', { name: 'Recipients' });
  const reader = (email: string) => recipients.getByRole('row', { name: new RegExp(email) });
  await expect(reader(RECIPIENTS[0]!)).toContainText('Clicked');
  await expect(reader(RECIPIENTS[0]!)).toContainText('Sent');

  // reader02 opens hers while the tab is open: shown within 5 s.
  await mailbox.goto(`${GMAIL_EMULATOR_URL}/?to=${encodeURIComponent(RECIPIENTS[1]!)}`);
  await mailbox.getByRole('link', { name: 'Engine walk-through for Reader 2' }).click();
  await expect(
    mailbox.frameLocator('iframe[title^="Message body"]').getByRole('link', { name: 'our offer' }),
  ).toBeVisible();
  await expect(reader(RECIPIENTS[1]!)).toContainText('Opened', { timeout: 5000 });
});
