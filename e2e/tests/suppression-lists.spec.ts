import { expect, test, type Page } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

async function openSpacePage(page: Page, email: string, slug: string, path: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/mail-merges\/sent/);
  const prefix = new URL(page.url()).pathname.replace('/mail-merges/sent', '');
  if (!prefix.endsWith(`/${slug}`)) throw new Error(`${email} landed in ${prefix}, not ${slug}`);
  await page.goto(`${prefix}/${path}`);
  await expect(page).toHaveURL(spacePath(slug, path));
}

test('unsubscribes addresses, warns about known ones, excludes invalid tags and deletes one', async ({
  page,
}) => {
  await openSpacePage(page, 'olivia@acme.test', 'acme-sales', 'unsubscriptions');
  await expect(page.getByRole('heading', { name: 'Unsubscriptions', level: 1 })).toBeVisible();
  const input = page.getByRole('combobox', { name: 'Email addresses to unsubscribe' });

  await input.pressSequentially('New.Person@Example.test not-an-email ');
  await expect(page.getByText('Email is invalid')).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('1 email address successfully unsubscribed.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'new.person@example.test', exact: true })).toBeVisible();

  await input.pressSequentially('new.person@example.test ');
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('These email addresses were already unsubscribed.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete new.person@example.test' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('cell', { name: 'new.person@example.test', exact: true })).toHaveCount(0);
});

test('a member cannot delete shared unsubscriptions in Acme Premium', async ({ page }) => {
  await signIn(page, 'adam@acme.test');
  await expect(page).toHaveURL(/\/mail-merges\/sent/);
  await page.getByRole('combobox', { name: /Switch space/ }).click();
  await page.getByRole('option', { name: /Acme Premium/ }).click();
  await expect(page).toHaveURL(spacePath('acme-premium', 'mail-merges/sent'));
  const prefix = new URL(page.url()).pathname.replace('/mail-merges/sent', '');
  await page.goto(`${prefix}/unsubscriptions`);
  const deleteButtons = page.getByRole('button', { name: /^Delete / });
  await expect(deleteButtons.first()).toBeVisible();
  await expect(deleteButtons.first()).toBeDisabled();
});

test('fred, a free member, adds a bounce and deletes it', async ({ page }) => {
  await openSpacePage(page, 'fred@acme.test', 'acme-sales', 'bounces');
  await expect(page.getByRole('heading', { name: 'Bounces', level: 1 })).toBeVisible();
  const input = page.getByRole('combobox', { name: 'Email addresses to add to the bounce list' });
  await expect(input).toHaveAttribute('placeholder', 'Enter email addresses separated by commas');
  await input.pressSequentially('gone@example.test,');
  await page.getByRole('button', { name: 'Add to bounce list' }).click();
  await expect(page.getByText('1 email address successfully added to bounce list.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete gone@example.test' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 bounced email address successfully deleted.')).toBeVisible();
});

test('shows the empty bounce list of Gina', async ({ page }) => {
  await openSpacePage(page, 'gina@gmail.com', 'ginas-space', 'bounces');
  await expect(page.getByText('There are no bounces')).toBeVisible();
});

test('opt-outs belong to their sender: colleagues never see a personal unsubscription, nor delete a recipient’s link opt-out', async ({
  browser,
}) => {
  // Olivia unsubscribes an address on her own (Acme Sales shares no unsubscriptions: it is personal).
  const olivia = await browser.newPage();
  await openSpacePage(olivia, 'olivia@acme.test', 'acme-sales', 'unsubscriptions');
  await olivia
    .getByRole('combobox', { name: 'Email addresses to unsubscribe' })
    .pressSequentially('olivia.only@example.test ');
  await olivia.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(olivia.getByRole('cell', { name: 'olivia.only@example.test', exact: true })).toBeVisible();
  await olivia.close();

  // Mia, a colleague, does not find it.
  const mia = await browser.newPage();
  await openSpacePage(mia, 'mia@acme.test', 'acme-sales', 'unsubscriptions');
  await expect(mia.getByRole('button', { name: /^Delete / }).first()).toBeVisible();
  await mia.getByRole('searchbox', { name: 'Search email addresses' }).fill('olivia.only');
  await expect(mia.getByText('No results found')).toBeVisible();
  await expect(mia.getByRole('cell', { name: 'olivia.only@example.test', exact: true })).toHaveCount(0);
  await mia.close();

  // Adam, an admin, cannot delete what recipients of a colleague's merge asked for, and is told why.
  const adam = await browser.newPage();
  await openSpacePage(adam, 'adam@acme.test', 'acme-sales', 'unsubscriptions');
  const locked = adam.getByRole('button', { name: /^Delete /, disabled: true });
  await expect(locked.first()).toBeVisible();
  await expect(locked.first()).toHaveAccessibleDescription(
    'The recipient unsubscribed through the link of another sender’s mail merge. Only that sender can delete it.',
  );
  await adam.close();
});
