import { BOUNCE_LIST_NEEDS_PRO_MESSAGE } from '@mergedesk/domain/plans/plan-features';
import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SuppressionItem } from '@mergedesk/domain/api/suppression-list';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import { stubFetch } from '../../../test/fetch-stub';
import { ACME_SALES_ID, premiumSpace, userWorkspace } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import type { SuppressionServer } from '../../../test/suppression-server';
import { callsTo, captureCsvDownloads, serveSuppressions } from '../../../test/suppression-server';
import { SuppressionListPage } from './suppression-list-page';

const SALES = `/${ACME_SALES_ID}/acme-sales`;
const MARCH_3 = Date.UTC(2026, 2, 3, 12); // March 3rd at noon in UTC, March 3rd in any zone within ±11 h

const item = (emailAddress: string, type: SuppressionItem['type'] = 'PERSONAL'): SuppressionItem => ({
  emailAddress,
  createTimestamp: MARCH_3,
  lastUpdateTimestamp: 0,
  type,
  source: 'MANUAL',
  isOwn: true,
});

// fred: a free member of the PRO space Acme Sales (the paid members of a PRO space have no bounces page).
const fredSpace = () => userWorkspace({ userRole: 'MEMBER', userPlan: 'FREE' });

const fetchMock = stubFetch();
afterEach(() => {
  vi.restoreAllMocks();
});

function renderBounces(server: SuppressionServer, space: UserWorkspace = fredSpace()) {
  serveSuppressions(fetchMock, 'bounces', server);
  return renderPage(
    <MantineProvider env="test">
      <SuppressionListPage list="bounces" space={space} />
    </MantineProvider>,
    `${SALES}/bounces`,
  );
}

const tagInput = () => screen.getByRole('combobox', { name: 'Email addresses to add to the bounce list' });
const addButton = () => screen.getByRole('button', { name: 'Add to bounce list' });
const table = () => screen.getByRole('table', { name: 'Bounces' });
const paragraph = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'P' && element.textContent === text;

describe('BouncesPage (spec 002 §2.4)', () => {
  it('lists the bounces with Email address, Date and Delete, and asks the owner to upgrade', async () => {
    renderBounces({ items: [item('gone@example.test')], owner: 'olivia@acme.test' });

    expect(screen.getByRole('heading', { level: 1, name: 'Bounces' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Bounces | MergeDesk'));
    await within(table()).findByText('gone@example.test');
    expect(
      within(table())
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Email addressDateDelete',
      // the date falls back to createTimestamp (spec 002 §3)
      'gone@example.testMarch 3rd, 2026',
    ]);
    expect(tagInput()).toHaveAttribute('placeholder', 'Enter email addresses separated by commas');
    expect(
      await screen.findByText(
        paragraph(
          'Email addresses on this list have bounced and are skipped by your mail merges. Sharing the bounce list with all members of your space is a Premium feature. Ask your space owner (olivia@acme.test) to upgrade the space.',
        ),
      ),
    ).toBeInTheDocument();
    const [list] = callsTo(fetchMock, '/bounces');
    expect(list?.url.pathname).toBe(`/api/v1/users/me/workspaces/${ACME_SALES_ID}/bounces`);
  });

  it('gives the owner an upgrade link to the billing page', () => {
    renderBounces({ items: [] }, userWorkspace({ workspacePlan: 'FREE', userPlan: 'FREE' }));
    expect(
      screen.getByText(
        paragraph(
          'Email addresses on this list have bounced and are skipped by your mail merges. Sharing the bounce list with all members of your space is a Premium feature. Upgrade your space to unlock it.',
        ),
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade your space' })).toHaveAttribute(
      'href',
      `${SALES}/space/billing`,
    );
  });

  it('on a Free space shows the list without the add form, with the Pro notice, and locks Delete', async () => {
    renderBounces(
      { items: [item('gone@example.test')] },
      userWorkspace({ workspacePlan: 'FREE', userPlan: 'FREE' }),
    );
    expect(screen.getByText(BOUNCE_LIST_NEEDS_PRO_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to bounce list' })).not.toBeInTheDocument();
    const remove = await screen.findByRole('button', { name: 'Delete gone@example.test' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(BOUNCE_LIST_NEEDS_PRO_MESSAGE);
  });

  it("shows 'Nothing to see here...' / 'There are no bounces' for an empty list", async () => {
    renderBounces({ items: [] });
    expect(await screen.findByText('Nothing to see here...')).toBeInTheDocument();
    expect(screen.getByText('There are no bounces')).toBeInTheDocument();
  });

  it("warns 'These email addresses were already on the bounce list.' for a count of 0 and clears the tags", async () => {
    renderBounces({ items: [], updated: 0 });

    await userEvent.type(tagInput(), 'Gone@Example.test,');
    await userEvent.click(addButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'These email addresses were already on the bounce list.',
    );
    const [add] = callsTo(fetchMock, 'workspace-activation-add-bounces');
    expect(add?.url.pathname).toBe('/api/v1/users/workspace-activation-add-bounces/me');
    expect(add?.body).toEqual({ emailAddresses: ['gone@example.test'], workspaceId: ACME_SALES_ID });
    expect(screen.queryByText('gone@example.test')).not.toBeInTheDocument();
  });

  it('says how many addresses were added', async () => {
    renderBounces({ items: [], updated: 2 });
    // Keyboard only: Enter makes the typed text a tag, Enter in the empty input submits the form.
    await userEvent.type(tagInput(), 'a@example.test b@example.test{Enter}{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      '2 email addresses successfully added to bounce list.',
    );
  });

  it("excludes an invalid tag, marked 'Email is invalid'", async () => {
    renderBounces({ items: [], updated: 1 });
    await userEvent.type(tagInput(), 'nope ok@example.test ');
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();

    await userEvent.click(addButton());
    await screen.findByText('1 email address successfully added to bounce list.');
    expect(callsTo(fetchMock, 'workspace-activation-add-bounces')[0]?.body).toEqual({
      emailAddresses: ['ok@example.test'],
      workspaceId: ACME_SALES_ID,
    });
  });

  it('deletes a bounce after confirmation and refreshes the list', async () => {
    renderBounces({ items: [item('gone@example.test'), item('left@example.test')] });

    await userEvent.click(await screen.findByRole('button', { name: 'Delete gone@example.test' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete bounce' });
    expect(dialog).toHaveTextContent(
      'Do you want to delete gone@example.test from the bounce list? Your mail merges will send to this address again.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 bounced email address successfully deleted.',
    );
    await waitFor(() => expect(screen.queryByText('gone@example.test')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'workspace-activation-delete-bounces')[0]?.url.pathname).toBe(
      `/api/v1/users/workspace-activation-delete-bounces/me/${ACME_SALES_ID}/gone%40example.test`,
    );
  });

  it("shows 'An error ocurred. Please try again.' when the delete is refused", async () => {
    renderBounces({ items: [item('gone@example.test')], deleteStatus: 403 });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete gone@example.test' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An error ocurred. Please try again.');
  });

  it('disables Delete for a shared bounce a member cannot delete, and says why', async () => {
    renderBounces(
      { items: [item('shared@example.test', 'WORKSPACE'), item('mine@example.test')] },
      premiumSpace({ userRole: 'MEMBER' }),
    );
    expect(
      await screen.findByText(
        paragraph(
          'Email addresses on this list have bounced and are skipped by your mail merges. The bounce list is shared with all members of your space.',
        ),
      ),
    ).toBeInTheDocument();
    const shared = await screen.findByRole('button', { name: 'Delete shared@example.test' });
    expect(shared).toHaveAttribute('aria-disabled', 'true');
    expect(shared).toHaveAccessibleDescription(
      'This address is on the bounce list of the whole space. Only the space owner and admins can delete it.',
    );
    expect(screen.getByRole('button', { name: 'Delete mine@example.test' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('lets an admin delete a shared bounce', async () => {
    renderBounces({ items: [item('shared@example.test', 'WORKSPACE')] }, premiumSpace({ userRole: 'ADMIN' }));
    expect(await screen.findByRole('button', { name: 'Delete shared@example.test' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it("downloads the CSV the server writes as 'Exported_Bounces_{date}' (issue 11)", async () => {
    const downloads = captureCsvDownloads();
    const csv = "Email address,Date\r\n'+1@example.test,2026-03-03T12:00:00.000Z\r\n";
    renderBounces({ items: [item('+1@example.test'), item('gone@example.test')], csv });
    await screen.findByText('gone@example.test');

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toMatch(/^Exported_Bounces_\d{4}-\d{2}-\d{2}\.csv$/);
    const [text = ''] = await downloads.texts();
    expect(text.replace(/^\uFEFF/, '')).toBe(csv);
    expect(callsTo(fetchMock, '/bounces/export').at(-1)?.url.searchParams.get('sortBy')).toBe(
      'lastUpdateTimestamp:desc',
    );
  });
});
