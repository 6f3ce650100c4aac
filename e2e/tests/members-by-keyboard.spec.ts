import { expect, test, type Locator, type Page } from '@playwright/test';
import { connectGmail, invitationLinkMailedTo } from './gmail';
import { signIn, spacePath } from './sign-in';

/**
 * Issue 7: the members page, its drawer and its dialogs by keyboard alone (Tab, Space, Enter,
 * Escape), found by role and name as a screen reader finds them, and the member screens at 375 px.
 * The owner's invitation of a new address is cancelled again, so the demo facts stay as they were.
 */

/** Presses Tab until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  await expect(target).toBeVisible();
  for (let step = 0; step < max; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

const holdsFocus = (container: Locator) =>
  container.evaluate((element) => element.contains(document.activeElement));
const hasFocus = (element: Locator) => element.evaluate((node) => node === document.activeElement);

async function openMembersByKeyboard(page: Page): Promise<void> {
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Members' }),
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(spacePath('acme-sales', 'space/users'));
  await expect(page.getByRole('heading', { level: 1, name: 'Members Acme Sales' })).toBeVisible();
}

/** How far the page and each table reach past their box, in px (0: nothing scrolls sideways). */
const overflows = (page: Page) =>
  page.evaluate(() => ({
    page: document.documentElement.scrollWidth - window.innerWidth,
    tables: Array.from(document.querySelectorAll('table')).map(
      (table) => table.scrollWidth - (table.parentElement?.clientWidth ?? table.scrollWidth),
    ),
    cutBadges: Array.from(document.querySelectorAll('table .mantine-Badge-label'))
      .filter((label) => label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent),
  }));

test('the owner runs the members page by keyboard: sort, select, the drawer, Manage seats, and an invitation sent and cancelled', async ({
  page,
  request,
}) => {
  await signIn(page, 'olivia@acme.test');
  await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
  // Invitations leave from the inviter's own Gmail (the Gmail stand-in here).
  await connectGmail(page, 'olivia@acme.test');
  await openMembersByKeyboard(page);
  const table = page.getByRole('table', { name: 'Members' });
  await expect(table.getByRole('row')).toHaveCount(9);
  await expect(page.getByText('7 of 10 seats used')).toBeVisible();

  // Sorting: Enter on a column header's button; the header says how it is sorted.
  const emailHeader = table.getByRole('columnheader', { name: 'Email' });
  await tabTo(page, emailHeader.getByRole('button'));
  await page.keyboard.press('Enter');
  await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(table.getByRole('row').nth(1)).toContainText('adam@acme.test');
  await page.keyboard.press('Enter');
  await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
  await page.keyboard.press('Enter');
  await expect(emailHeader).toHaveAttribute('aria-sort', 'none');

  // Selecting: Space on a row's checkbox opens the drawer, which takes the focus; Escape closes it,
  // clears the selection and gives the focus back to the checkbox.
  const mia = table.getByRole('checkbox', { name: 'Select mia@acme.test' });
  await tabTo(page, mia);
  await page.keyboard.press('Space');
  const drawer = page.getByRole('dialog', { name: '1 member selected' });
  await expect(drawer).toBeVisible();
  await expect.poll(() => holdsFocus(drawer)).toBe(true);
  await expect(
    drawer.getByText('Select member to: Change their role / Remove them from the space'),
  ).toBeVisible();
  await expect(drawer.getByRole('radiogroup', { name: 'Role' })).toBeVisible();
  await tabTo(page, drawer.getByRole('button', { name: 'Remove' }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Remove this member?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText('mia@acme.test will lose access to Acme Sales.')).toBeVisible();
  await expect.poll(() => holdsFocus(confirm)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect.poll(() => holdsFocus(drawer)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(mia).not.toBeChecked();
  await expect.poll(() => hasFocus(mia)).toBe(true);

  // Manage seats: a dialog with the seat links; Escape returns to the link that opened it.
  const manageSeats = page.getByRole('button', { name: 'Manage seats' });
  await tabTo(page, manageSeats);
  await page.keyboard.press('Enter');
  const seats = page.getByRole('dialog', { name: 'Manage seats' });
  await expect(seats.getByRole('link', { name: /Add seats/ })).toBeVisible();
  await expect(seats.getByRole('link', { name: /Remove seats/ })).toBeVisible();
  await expect.poll(() => holdsFocus(seats)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(seats).toBeHidden();
  await expect.poll(() => hasFocus(manageSeats)).toBe(true);

  // Add members: type an address, a comma makes it a tag, Enter on Add sends the invitation.
  await tabTo(page, page.getByRole('button', { name: 'Add members' }));
  await page.keyboard.press('Enter');
  const add = page.getByRole('dialog', { name: 'Add members' });
  await expect(add).toBeVisible();
  // Issue 21 "Keyboard safety": the dialog opens with the focus in the address field.
  await expect(add.getByRole('combobox', { name: 'Email addresses' })).toBeFocused();
  await page.keyboard.type('newhire@acme.test,');
  await expect(add.getByRole('button', { name: 'Remove newhire@acme.test' })).toBeAttached();
  await tabTo(page, add.getByRole('button', { name: 'Add', exact: true }));
  await page.keyboard.press('Enter');
  await expect(add).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '1 member successfully added.' })).toBeVisible();
  await expect(page.getByText('8 of 10 seats used')).toBeVisible();
  const newcomer = table.getByRole('row').filter({ hasText: 'newhire@acme.test' });
  await expect(newcomer).toContainText('Pending');

  // The invitation reached newhire's mailbox at the Gmail stand-in, with its link.
  expect(await invitationLinkMailedTo(request, 'newhire@acme.test')).toMatch(/\/invitations\/[^/]+/);

  // The owner cancels it again, by keyboard: the pending member leaves the list, the seat is free.
  const newhire = table.getByRole('checkbox', { name: 'Select newhire@acme.test' });
  await tabTo(page, newhire);
  await page.keyboard.press('Space');
  const pendingDrawer = page.getByRole('dialog', { name: '1 member selected' });
  await expect(pendingDrawer.getByRole('button', { name: 'Re-invite' })).toBeVisible();
  await tabTo(page, pendingDrawer.getByRole('button', { name: 'Cancel invitation' }));
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('status').filter({ hasText: 'Invitation successfully cancelled.' }),
  ).toBeVisible();
  await expect(pendingDrawer).toBeHidden();
  await expect(newcomer).toHaveCount(0);
  await expect(page.getByText('7 of 10 seats used')).toBeVisible();
});

/** The lines an element's text is laid out in, measured character by character. */
function renderedLines(element: Element): string[] {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const lines: string[] = [];
  let lastTop: number | null = null;
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (let index = 0; index < text.length; index += 1) {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      const top = Math.round(range.getBoundingClientRect().top);
      if (lastTop !== null && top > lastTop) lines.push('');
      lastTop = top;
      lines.push(`${lines.pop() ?? ''}${text.charAt(index)}`);
    }
  }
  return lines;
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 720 } });

  test('the members page, its drawer and the add dialog fit a phone', async ({ page }) => {
    await signIn(page, 'olivia@acme.test');
    await expect(page).toHaveURL(spacePath('acme-sales', 'mail-merges/sent'));
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Members' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Members Acme Sales' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Members' });
    await expect(table.getByRole('row')).toHaveCount(9);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    // On a phone the e-mail sits under the name; the Email column is hidden.
    await expect(table.getByRole('columnheader', { name: 'Email' })).toBeHidden();
    await expect(table.getByRole('row').filter({ hasText: 'mia@acme.test' })).toBeVisible();
    const measured = await overflows(page);
    expect(measured.page).toBeLessThanOrEqual(0);
    for (const overflow of measured.tables) expect(overflow).toBeLessThanOrEqual(0);
    expect(measured.cutBadges).toEqual([]);
    // An address that wraps breaks after its '@' or before a '.', never inside a word
    // ('adam@' / 'acme.test', not 'adam@acme.tes' / 't'): under a name and as a pending member's name.
    for (const address of ['adam@acme.test', 'paula@acme.test']) {
      const lines = await table
        .getByText(address, { exact: true })
        .filter({ visible: true })
        .evaluate(renderedLines);
      expect(lines.join('')).toBe(address);
      for (const [index, line] of lines.slice(0, -1).entries()) {
        expect(line.endsWith('@') || lines[index + 1]!.startsWith('.'), `${lines.join(' / ')}`).toBe(true);
      }
    }

    await table.getByRole('checkbox', { name: 'Select mia@acme.test' }).check();
    const drawer = page.getByRole('dialog', { name: '1 member selected' });
    await expect(drawer.getByRole('button', { name: 'Remove' })).toBeInViewport();
    // Measured once the drawer has slid in.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 375;
      })
      .toBe(true);
    await drawer.getByRole('button', { name: 'Close the selection' }).click();
    await expect(drawer).toBeHidden();

    await page.getByRole('button', { name: 'Add members' }).click();
    const add = page.getByRole('dialog', { name: 'Add members' });
    await expect(add.getByRole('button', { name: 'Add', exact: true })).toBeInViewport();
    await expect
      .poll(async () => {
        const box = await add.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 375;
      })
      .toBe(true);
    expect((await overflows(page)).page).toBeLessThanOrEqual(0);
  });

  test("leo's Manage Users fits a phone", async ({ page }) => {
    await signIn(page, 'leo@legacy.test');
    await expect(page).toHaveURL(spacePath('legacy-team', 'mail-merges/sent'));
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Users' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage Users' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('row').nth(2)).toBeVisible();
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('button', { name: 'Invite users' })).toBeInViewport();
    const measured = await overflows(page);
    expect(measured.page).toBeLessThanOrEqual(0);
    for (const overflow of measured.tables) expect(overflow).toBeLessThanOrEqual(0);
    expect(measured.cutBadges).toEqual([]);
  });
});
