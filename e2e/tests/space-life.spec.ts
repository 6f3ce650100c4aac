import { expect, test } from '@playwright/test';
import { connectGmail, invitationLinkMailedTo } from './gmail';
import { signIn, spacePath } from './sign-in';

test("olivia deletes a space by typing its name, lands in Acme Sales with the 'deleted' banner and restores it (issue 21)", async ({
  page,
}) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page.getByRole('combobox', { name: /Switch space/ }).click();
  await page.getByRole('option', { name: /Create a new space/ }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel("Space's name").fill('Olivia Short Lived');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(spacePath('olivia-short-lived', 'mail-merges/sent'));

  await page.goto(page.url().replace(/mail-merges\/sent.*$/, 'space/general'));
  const section = page.getByRole('region', { name: 'Delete space' });
  await expect(section.getByText(/stops renewing and ends at the end of its current period/)).toBeVisible();
  await section.getByRole('button', { name: 'Delete space' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Olivia Short Lived?' });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  const confirm = dialog.getByRole('button', { name: 'Delete this space' });
  await dialog.getByLabel("Type the space's name to confirm").fill('olivia short lived');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type the space's name to confirm").fill('Olivia Short Lived');
  await confirm.click();

  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  const banner = page.getByRole('status').filter({ hasText: 'The space has been deleted.' });
  await expect(banner.getByText(/^Olivia Short Lived was deleted\. You can restore it until /)).toBeVisible();
  await page.getByRole('combobox', { name: /Switch space/ }).click();
  await expect(page.getByRole('option', { name: /Olivia Short Lived/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await banner.getByRole('button', { name: 'Restore Olivia Short Lived' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The space has been restored.' })).toBeVisible();
  await page.getByRole('combobox', { name: /Switch space/ }).click();
  await expect(page.getByRole('option', { name: /Olivia Short Lived/ })).toHaveCount(1);
  await page.keyboard.press('Escape');

  // Olivia keeps the demo's two spaces for the specs that follow: the new one goes again.
  await page.goto(page.url().replace(/\/[0-9a-f-]{36}\/acme-sales\/.*$/, '/'));
  await page.getByRole('combobox', { name: /Switch space/ }).click();
  await page.getByRole('option', { name: /Olivia Short Lived/ }).click();
  await expect(page).toHaveURL(spacePath('olivia-short-lived', 'mail-merges/sent'));
  await page.goto(page.url().replace(/mail-merges\/sent.*$/, 'space/general'));
  await page
    .getByRole('region', { name: 'Delete space' })
    .getByRole('button', { name: 'Delete space' })
    .click();
  const again = page.getByRole('dialog', { name: 'Delete Olivia Short Lived?' });
  await again.getByLabel("Type the space's name to confirm").fill('Olivia Short Lived');
  await again.getByRole('button', { name: 'Delete this space' }).click();
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
});

test('asks for the analytics choice once, remembers it, and lets it change from the account menu (issue 21)', async ({
  page,
}) => {
  await page.context().clearCookies();
  await signIn(page, 'gina@gmail.com');
  const prompt = page.getByRole('region', { name: 'Analytics cookies' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'No, thanks' }).click();
  await expect(prompt).toBeHidden();
  await page.reload();
  await expect(page.getByRole('combobox', { name: /Switch space/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Analytics cookies' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Analytics cookies' }).click();
  const dialog = page.getByRole('dialog', { name: 'Analytics cookies' });
  const allow = dialog.getByRole('checkbox', { name: /Allow analytics cookies/ });
  await expect(allow).not.toBeChecked();
  await allow.check();
  const consent = (await page.context().cookies()).find((cookie) => cookie.name === 'md_consent');
  expect(decodeURIComponent(consent?.value ?? '')).toBe('analytics=granted');
  await dialog.getByRole('button', { name: 'Done' }).click();
});

test('adam leaves Acme Premium: Cancel keeps him in, Leave space lands him in Acme Sales without it; olivia adds him back (issue 21)', async ({
  page,
  browser,
  request,
}) => {
  await signIn(page, 'adam@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  const switcher = page.getByRole('combobox', { name: /Switch space/ });
  await switcher.click();
  await page.getByRole('option', { name: /Acme Premium/ }).click();
  await expect(page).toHaveURL(spacePath('acme-premium', 'mail-merges/sent'));

  // Cancel is the default: nothing changes.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Leave space' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave Acme Premium?' });
  await expect(
    dialog.getByText(/^You will no longer see the mail merges and lists of Acme Premium\./),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(spacePath('acme-premium', 'mail-merges/sent'));
  await page.reload();
  await expect(switcher).toContainText('Acme Premium');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Leave space' }).click();
  await dialog.getByRole('button', { name: 'Leave space' }).click();
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await expect(page.getByText('You are no longer a member of Acme Premium.')).toBeVisible();
  await switcher.click();
  await expect(page.getByRole('option', { name: /Acme Sales/ })).toHaveCount(1);
  await expect(page.getByRole('option', { name: /Acme Premium/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // The specs that follow (suppression-lists) need adam in Acme Premium: olivia adds him again and
  // he joins through the invitation link.
  const olivia = await (await browser.newContext()).newPage();
  await signIn(olivia, 'olivia@acme.test');
  await olivia.getByRole('combobox', { name: /Switch space/ }).click();
  await olivia.getByRole('option', { name: /Acme Premium/ }).click();
  await expect(olivia).toHaveURL(spacePath('acme-premium', 'mail-merges/sent'));
  // Invitations leave from the inviter's own Gmail (the Gmail stand-in here).
  await connectGmail(olivia, 'olivia@acme.test');
  await olivia
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Members' })
    .click();
  await olivia.getByRole('button', { name: 'Add members' }).click();
  const add = olivia.getByRole('dialog', { name: 'Add members' });
  await add.getByRole('combobox', { name: 'Email addresses' }).fill('adam@acme.test ');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(olivia.getByText(/successfully added/)).toBeVisible();
  const link = await invitationLinkMailedTo(request, 'adam@acme.test', 'Acme Premium');
  await olivia.context().close();

  await page.goto(link);
  await expect(page.getByText('You have joined Acme Premium.')).toBeVisible();
  await switcher.click();
  await expect(page.getByRole('option', { name: /Acme Premium/ })).toHaveCount(1);
});

test('the owner is not offered Leave space (issue 21)', async ({ page }) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Manage billing' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Leave space' })).toHaveCount(0);
});
