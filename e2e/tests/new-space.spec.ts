import { expect, test } from '@playwright/test';
import { signIn, spacePath } from './sign-in';

test('validates the name and creates a space', async ({ page }) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  await page.getByRole('combobox', { name: /Switch space/ }).click();
  await page.getByRole('option', { name: /Create a new space/ }).click();

  const dialog = page.getByRole('dialog');
  const name = dialog.getByLabel("Space's name");
  await expect(name).toHaveAttribute('placeholder', "Enter the space's name");

  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Please fill in this field.')).toBeVisible();

  await name.fill('  abc  ');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Space name should contain at least 5 characters.')).toBeVisible();

  await name.fill('x'.repeat(256));
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Space name could contain at most 255 characters.')).toBeVisible();

  await name.fill('  Olivia Field Team  ');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(spacePath('olivia-field-team', 'mail-merges/sent'));
  await expect(page.getByRole('combobox', { name: /Switch space/ })).toContainText('Olivia Field Team');
  await expect(
    page.getByRole('status').filter({ hasText: 'Your new space has been created.' }),
  ).toBeVisible();
});

test('shows the 5-space limit to max, who owns five spaces', async ({ page }) => {
  await signIn(page, 'max@max.test');
  await expect(page).toHaveURL(spacePath('max-\\d', 'mail-merges/sent'));
  await page.getByRole('combobox', { name: /Switch space/ }).click();
  await page.getByRole('option', { name: /Create a new space/ }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('You cannot create a new space')).toBeVisible();
  await expect(
    dialog.getByText(
      'You are already the owner of 5 spaces which is the limit of the number of spaces you can own.',
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel("Space's name")).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
});
