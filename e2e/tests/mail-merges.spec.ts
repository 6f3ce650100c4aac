import { expect, test } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

test('lists the sent merges of Acme Sales and opens a merge with its poll results', async ({ page }) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await expect(page.getByRole('group', { name: 'Merges scheduled by you' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Emails sent by you this month' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Emails sent by you all time' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Sent mail merges' });
  await expect(table.getByRole('row')).toHaveCount(26); // header + 25 per page
  await page.getByRole('searchbox', { name: 'Search' }).or(page.getByLabel('Search')).fill('survey');
  await expect(page).toHaveURL(/search=survey/);
  await expect(table.getByRole('row')).toHaveCount(2);
  const survey = table.getByRole('row', { name: /survey/i });
  await survey.click();

  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent/[0-9a-f-]{36}'));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Customer survey — Q3');
  await dialog.getByRole('tab', { name: 'Poll results' }).click();
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent/[0-9a-f-]{36}/poll'));
  await expect(dialog.getByText('Very satisfied')).toBeVisible();
  await expect(dialog.getByText('Neutral')).toBeVisible();
});

test('shows the scheduled merges, the out-of-quota warning, and cancels one', async ({ page }) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page.getByRole('tab', { name: /Scheduled/ }).click();
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/scheduled'));
  const table = page.getByRole('table', { name: 'Scheduled mail merges' });

  await table.getByRole('row', { name: /Upon quota reset/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(
    dialog.getByText(
      'Your mail merge could not be sent in full because your sending quota was insufficient. It will resume as soon as your quota resets.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel mail merge' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByText('Mail merge cancelled.')).toBeVisible();
  await expect(table.getByRole('row', { name: /Upon quota reset/ })).toHaveCount(0);
});

test("shows an empty scheduled list in Gina's space", async ({ page }) => {
  await signIn(page, 'gina@gmail.com');
  await expect(page).toHaveURL(spacePath('ginas-space', 'mail-merges/sent'));
  await page.getByRole('tab', { name: /Scheduled/ }).click();
  await expect(page.getByText('Nothing to see here...')).toBeVisible();
});

test('the scheduled list says which merges failed, which wait and which will retry (Status column)', async ({
  page,
}) => {
  await signIn(page, 'olivia@acme.test');
  await page.getByRole('tab', { name: 'Scheduled' }).click();
  const table = page.getByRole('table', { name: 'Scheduled mail merges' });
  const status = (sheet: string) =>
    table
      .getByRole('row', { name: new RegExp(sheet) })
      .getByRole('cell')
      .nth(4);
  await expect(table.getByRole('columnheader', { name: 'Status' })).toBeVisible();
  await expect(status('December promotion')).toHaveText('Scheduled');
  await expect(status('Renewal reminders')).toContainText('Will retry');
  await expect(status('Renewal reminders')).toContainText('Sending will be attempted again at');
  await expect(status('Event invitations')).toContainText('Failed');
  await expect(status('Event invitations')).toContainText(
    'The draft was deleted. Create a new draft, then schedule a new merge.',
  );
  await expect(status('Old leads')).toContainText('Failed');
  await expect(status('Trade show contacts')).toContainText('Failed');
  // Every row says what it is: none is left with only '—'.
  const rows = table.getByRole('row');
  const count = await rows.count();
  for (let index = 1; index < count; index += 1) {
    await expect(rows.nth(index).getByRole('cell').nth(4)).toHaveText(
      /^(Scheduled|Waiting for quota|Will retry|Failed)/,
    );
  }
});
