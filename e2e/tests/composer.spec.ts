import { expect, test, type Page } from '@playwright/test';
import {
  confirmSend,
  deliveredTo,
  disconnectGmail,
  ensureGmailConnected,
  openComposer,
  previewRecipient,
  recipientsCsv,
  sendFromConfirmation,
  unsubscribedAddressOf,
  uploadCsv,
  writeContent,
  type CsvRow,
} from './composer-steps';
import { GMAIL_URL } from './gmail';
import { signIn, spacePath } from './sign-in';

/**
 * Issue 25's proof on the real stack: a merge sent from the dashboard's composer, from a CSV to the
 * Gmail stand-in's mailboxes, followed on its progress page, opened there and counted on the Sent
 * list; and a Free sender's merge that sends what the quota allows and waits for the rest.
 *
 * The run's database is shared by every spec: Gmail may be connected already (both cases are
 * handled), the addresses and subjects are this spec's own, gina's waiting merge is cancelled and
 * her Gmail disconnected at the end, so the specs after this one find her space as the seed left it.
 */

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chloé',
  'Dmitri',
  'Eva',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Keiko',
  'Liam',
  'Maya',
  'Nils',
  'Olga',
  'Pablo',
  'Quinn',
  'Rosa',
  'Sami',
  'Tess',
  'Umar',
  'Vera',
  'Wen',
  'Xavi',
  'Yara',
  'Zoe',
  'Arne',
];
const SUBJECT = 'Composer walk-through for {{First name}}';
const BODY = '<p>Hi {{First name}},</p><p>this came from the dashboard’s composer.</p>';
const subjectFor = (firstName: string) => `Composer walk-through for ${firstName}`;

/** The 27 valid, distinct recipients of olivia's merge. */
const VALID: CsvRow[] = FIRST_NAMES.map((firstName, index) => ({
  email: `composer.reader${String(index + 1).padStart(2, '0')}@example.test`,
  firstName,
}));

async function openMailMerges(page: Page, email: string, slug: string): Promise<void> {
  await signIn(page, email);
  await expect(page).toHaveURL(spacePath(slug, 'mail-merges/sent'));
}

test('olivia sends a 30-row CSV from the composer: 27 delivered with their first names, 3 skipped, and an open reaches the Sent list', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(180_000);
  await openMailMerges(page, 'olivia@acme.test', 'acme-sales');
  await ensureGmailConnected(page, 'olivia@acme.test');

  // One row on the space's unsubscription list (found through the product's own list call), one
  // invalid address and one duplicate (another case of an earlier row's address): 30 rows.
  const unsubscribed = await unsubscribedAddressOf(page, request);
  const rows: CsvRow[] = [
    ...VALID.slice(0, 10),
    { email: unsubscribed, firstName: 'Una' },
    ...VALID.slice(10, 20),
    { email: 'not-an-address', firstName: 'Ivan' },
    ...VALID.slice(20),
    { email: VALID[2]!.email.toUpperCase(), firstName: 'Dupe' },
  ];
  expect(rows).toHaveLength(30);

  await openComposer(page);
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/new'));
  await uploadCsv(page, 'Composer walk-through.csv', recipientsCsv(rows));

  // The summary: 30 recipients, the three skipped ones counted and listed with their reasons.
  const summary = page.getByRole('region', { name: 'Recipients summary' });
  await expect(summary.getByText('30 recipients: 27 to send, 3 skipped')).toBeVisible();
  await expect(summary.getByRole('group', { name: 'Invalid address: 1' })).toContainText('not-an-address');
  await expect(summary.getByRole('group', { name: 'Duplicate in this merge: 1' })).toBeVisible();
  await expect(summary.getByRole('group', { name: 'Unsubscribed: 1' })).toContainText(unsubscribed);
  await expect(page.getByRole('combobox', { name: 'E-mail column' })).toHaveValue('Email');

  await writeContent(page, SUBJECT, BODY);

  // Recipient 7's rendering, then a test of it to olivia.
  await previewRecipient(page, 7, 30);
  const seventh = rows[6]!;
  await expect(page.getByText(`Subject: ${subjectFor(seventh.firstName)}`)).toBeVisible();
  await expect(
    page.frameLocator('iframe[title="Message preview"]').getByText(`Hi ${seventh.firstName},`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Send a test to me' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'sent to olivia@acme.test' })).toBeVisible();
  await expect
    .poll(async () =>
      (await deliveredTo(request, ['olivia@acme.test'])).some((message) =>
        message.subject.includes(subjectFor(seventh.firstName)),
      ),
    )
    .toBe(true);

  // Send now, after the confirmation with the counts.
  await confirmSend(page);
  const confirm = page.getByRole('dialog', { name: 'Send this mail merge?' });
  await expect(confirm).toContainText('27 recipients receive it now.');
  await expect(confirm).toContainText('3 skipped');
  await sendFromConfirmation(page);
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sending/[0-9a-f-]{36}'));

  // The progress page follows the engine to 27 sent and 3 skipped, without a reload.
  const progress = page.getByRole('progressbar', { name: 'Sending progress' });
  await expect(progress).toHaveAttribute('aria-valuetext', '27 sent, 3 skipped, 0 failed of 30', {
    timeout: 60_000,
  });
  await expect(page.getByRole('status').filter({ hasText: 'Status:' })).toHaveText('Status: Done');
  await expect(page.getByText('27 sent, 3 skipped, 0 failed of 30', { exact: true })).toBeVisible();
  const recipientRows = page.getByRole('table', { name: 'Recipients' });
  await expect(recipientRows.getByRole('row', { name: /not-an-address/ })).toContainText(
    'Skipped — Invalid address',
  );
  await expect(
    recipientRows.getByRole('row', { name: new RegExp(unsubscribed.replaceAll('.', '\\.')) }),
  ).toContainText('Skipped — Unsubscribed');

  // The stand-in's mailboxes: 27 messages, one per valid recipient, each with its first name.
  const delivered = await deliveredTo(
    request,
    VALID.map((row) => row.email),
  );
  expect(delivered).toHaveLength(27);
  for (const row of VALID) {
    const mine = delivered.filter((message) => message.to.includes(row.email));
    expect(
      mine.map((message) => message.subject),
      row.email,
    ).toEqual([subjectFor(row.firstName)]);
  }

  // The merge in the Sent list: nothing opened yet.
  await page.getByRole('link', { name: 'Open in the Sent list' }).click();
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent/[0-9a-f-]{36}'));
  await page.keyboard.press('Escape');
  const row = page
    .getByRole('table', { name: 'Sent mail merges' })
    .getByRole('row', { name: /Composer walk-through/ });
  await expect(row.getByRole('cell').nth(3)).toHaveText('27');
  await expect(row.getByRole('cell').nth(4)).toHaveText('0%');

  // Grace opens hers on the stand-in's mailbox page: Opened % goes up on the Sent list.
  const grace = VALID.find((reader) => reader.firstName === 'Grace')!;
  const mailbox = await context.newPage();
  await mailbox.goto(`${GMAIL_URL}/?to=${encodeURIComponent(grace.email)}`);
  await mailbox.getByRole('link', { name: subjectFor('Grace') }).click();
  await expect(mailbox.frameLocator('iframe[title^="Message body"]').getByText('Hi Grace,')).toBeVisible();
  await expect(row.getByRole('cell').nth(4)).toHaveText('4%', { timeout: 10_000 });
});

test('gina (Free) sends 25 valid rows: 20 now, 5 upon quota reset', async ({ page }) => {
  test.setTimeout(120_000);
  await openMailMerges(page, 'gina@gmail.com', 'ginas-space');
  await ensureGmailConnected(page, 'gina@gmail.com');

  const rows: CsvRow[] = Array.from({ length: 25 }, (_, index) => ({
    email: `gina.friend${String(index + 1).padStart(2, '0')}@example.test`,
    firstName: `Friend ${index + 1}`,
  }));
  await openComposer(page);
  await uploadCsv(page, 'Gina friends.csv', recipientsCsv(rows));
  await expect(
    page
      .getByRole('region', { name: 'Recipients summary' })
      .getByText('25 recipients: 25 to send, 0 skipped'),
  ).toBeVisible();
  await writeContent(page, 'News for {{First name}}', '<p>Hello {{First name}}!</p>');

  // The Free quota: 20 today, the rest after it resets; scheduling is Pro.
  await expect(
    page.getByText(/You can send 20 more today; 5 will be sent after your quota resets on /),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Schedule' })).toBeDisabled();

  await confirmSend(page);
  await sendFromConfirmation(page);
  await expect(page.getByRole('progressbar', { name: 'Sending progress' })).toHaveAttribute(
    'aria-valuetext',
    '20 sent, 0 skipped, 0 failed of 25',
    { timeout: 60_000 },
  );
  const sending = page.getByRole('region', { name: 'Sending' });
  await expect(sending.getByRole('status')).toHaveText('Status: Waiting for quota');
  await expect(sending).toContainText('Delivery of the 5 queued: Upon quota reset');

  // Leave gina's space as it was for the specs after this one: the rest cancelled, Gmail disconnected.
  await page.getByRole('button', { name: 'Cancel sending' }).click();
  const confirmCancel = page.getByRole('dialog', { name: 'Cancel sending?' });
  await confirmCancel.getByRole('button', { name: 'Cancel sending' }).click();
  await expect(sending.getByRole('status')).toHaveText('Status: Cancelled');
  await disconnectGmail(page);
});
