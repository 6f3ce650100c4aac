import { expect, test } from '@playwright/test';
import { GMAIL_URL } from './gmail';
import { chooseAccount, signIn, spacePath } from './sign-in';

test('shows the team report of Acme Sales', async ({ page }) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page.getByRole('link', { name: 'Team report' }).click();
  await expect(page).toHaveURL(spacePath('acme-sales', 'team-report'));
  await expect(page).toHaveTitle('Team report | MergeDesk');
  await expect(page.getByText('Active users')).toBeVisible();
  await expect(page.getByText('Emails sent by the team in the last 30 days')).toBeVisible();
  const members = page.getByRole('table', { name: 'Team members' });
  await expect(members.getByRole('row', { name: /Olivia Owens/ })).toBeVisible();
  await expect(members.getByRole('row', { name: /Adam Admin/ })).toBeVisible();
});

test('keeps the team report away from a space without it', async ({ page }) => {
  await signIn(page, 'gina@gmail.com');
  await expect(page).toHaveURL(spacePath('ginas-space', 'mail-merges/sent'));
  await expect(page.getByRole('link', { name: 'Team report' })).toHaveCount(0);
  const prefix = new URL(page.url()).pathname.replace('/mail-merges/sent', '');
  await page.goto(`${prefix}/team-report`);
  await expect(page).toHaveURL(spacePath('ginas-space', 'mail-merges/sent'));
});

test('previews a template and imports it as a Gmail draft after granting the compose permission', async ({
  page,
  request,
}) => {
  await signIn(page, 'mia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page.getByRole('link', { name: 'Templates' }).click();
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(12);

  await page.getByRole('link', { name: 'Preview' }).first().click();
  await expect(page).toHaveURL(spacePath('acme-sales', 'templates/[0-9a-f-]{36}'));
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('iframe')).toHaveAttribute('sandbox', '');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(spacePath('acme-sales', 'templates'));

  // Without the compose scope the import first asks Google (here: the local provider) for it.
  await page.getByRole('button', { name: 'Import' }).first().click();
  await chooseAccount(page, 'mia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'templates'));
  await expect(page.getByText(/^Draft ".+" created in Gmail\.$/)).toBeVisible();
  // The draft is in mia's mailbox at the Gmail stand-in (drafts.create with her compose token).
  const drafts = (await (await request.get(`${GMAIL_URL}/_emulator/drafts`)).json()) as {
    message: { mailbox: string };
  }[];
  expect(drafts.filter((draft) => draft.message.mailbox === 'mia@acme.test')).toHaveLength(1);
  await expect(
    page.getByRole('button', { name: 'Open' }).or(page.getByRole('link', { name: 'Open' })),
  ).toHaveCount(1);
});
