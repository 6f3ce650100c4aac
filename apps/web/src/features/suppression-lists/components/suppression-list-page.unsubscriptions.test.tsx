import { MantineProvider } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECIPIENT_OPT_OUT_MESSAGE } from '@mergedesk/domain/suppressions/permissions';
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
const APRIL_21 = new Date(2026, 3, 21, 12).getTime();

const item = (
  emailAddress: string,
  type: SuppressionItem['type'] = 'PERSONAL',
  at = MARCH_3,
): SuppressionItem => ({
  emailAddress,
  createTimestamp: at,
  lastUpdateTimestamp: at,
  type,
  source: 'MANUAL',
  isOwn: true,
});

const fetchMock = stubFetch();
afterEach(() => {
  vi.restoreAllMocks();
});

function renderUnsubscriptions(server: SuppressionServer, space: UserWorkspace = userWorkspace()) {
  serveSuppressions(fetchMock, 'unsubscriptions', server);
  return renderPage(
    <MantineProvider env="test">
      <SuppressionListPage list="unsubscriptions" space={space} />
    </MantineProvider>,
    `${SALES}/unsubscriptions`,
  );
}

const tagInput = () => screen.getByRole('combobox', { name: 'Email addresses to unsubscribe' });
const unsubscribeButton = () => screen.getByRole('button', { name: 'Unsubscribe' });
const table = () => screen.getByRole('table', { name: 'Unsubscriptions' });

describe('UnsubscriptionsPage (spec 002 §2.3)', () => {
  it('lists the unsubscriptions with their date and type, the total and the owner text', async () => {
    renderUnsubscriptions({
      items: [item('ann@example.test'), item('bob@example.test', 'WORKSPACE', APRIL_21)],
    });

    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscriptions' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Unsubscriptions | MergeDesk'));
    await within(table()).findByText('ann@example.test');
    const rows = within(table()).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Email addressDateTypeDelete',
      'ann@example.testMarch 3rd, 2026Personal',
      'bob@example.testApril 21st, 2026Shared',
    ]);
    expect(screen.getByText('Total: 2')).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Recipients on this list will not receive your mail merges. Sharing unsubscriptions with all members of your space is a Premium feature. Upgrade your space to unlock it.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade your space' })).toHaveAttribute(
      'href',
      `${SALES}/space/billing`,
    );
    expect(screen.getByRole('columnheader', { name: 'Date' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('button', { name: 'Delete ann@example.test' })).toBeEnabled();
    // The owner's own address is not looked up.
    expect(callsTo(fetchMock, '/members')).toEqual([]);
    const [list] = callsTo(fetchMock, '/unsubscriptions');
    expect(list?.url.pathname).toBe(`/api/v1/users/me/workspaces/${ACME_SALES_ID}/unsubscriptions`);
    expect(Object.fromEntries(list!.url.searchParams)).toEqual({
      sortBy: 'lastUpdateTimestamp:desc',
      limit: '25',
      limitOffset: '0',
    });
  });

  it("tells a member to ask the owner, with the owner's address", async () => {
    renderUnsubscriptions({ items: [], owner: 'olivia@acme.test' }, userWorkspace({ userRole: 'MEMBER' }));

    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Recipients on this list will not receive your mail merges. Sharing unsubscriptions with all members of your space is a Premium feature. Ask your space owner (olivia@acme.test) to upgrade the space.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade your space' })).not.toBeInTheDocument();
    const [lookup] = callsTo(fetchMock, '/members');
    expect(Object.fromEntries(lookup!.url.searchParams)).toEqual({ filterBy: 'userRole:OWNER', limit: '1' });
  });

  it('says the list is shared when shared unsubscribes are on', async () => {
    renderUnsubscriptions({ items: [] }, premiumSpace());
    expect(
      await screen.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          element.textContent ===
            'Recipients on this list will not receive your mail merges. Unsubscriptions are shared with all members of your space.',
      ),
    ).toBeInTheDocument();
  });

  it("shows 'There are no unsubscriptions' for an empty list", async () => {
    renderUnsubscriptions({ items: [] });
    expect(await screen.findByText('There are no unsubscriptions')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a capped total as 10.000+ with paging of 25 rows', async () => {
    const items = Array.from({ length: 30 }, (_, index) => item(`user${index}@example.test`));
    renderUnsubscriptions({ items, total: 10000 });

    expect(await screen.findByText('Total: 10.000+')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(26);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(6));
    expect(callsTo(fetchMock, '/unsubscriptions').at(-1)?.url.searchParams.get('limitOffset')).toBe('25');
  });

  it('sorts by a column and searches with the search filter', async () => {
    renderUnsubscriptions({ items: [item('ann@example.test')] });
    await screen.findByText('ann@example.test');

    await userEvent.click(screen.getByRole('button', { name: 'Email address' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Email address' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
    expect(callsTo(fetchMock, '/unsubscriptions').at(-1)?.url.searchParams.get('sortBy')).toBe(
      'emailAddress:asc',
    );

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search email addresses' }), 'ann');
    await waitFor(() =>
      expect(callsTo(fetchMock, '/unsubscriptions').at(-1)?.url.searchParams.get('filterBy')).toBe(
        'search:ann',
      ),
    );
  });

  it("warns 'These email addresses were already unsubscribed.' for a count of 0 and clears the tags", async () => {
    renderUnsubscriptions({ items: [], updated: 0 });
    expect(unsubscribeButton()).toBeDisabled();

    await userEvent.type(tagInput(), 'Ann@Example.test,bob@example.test ');
    await userEvent.click(unsubscribeButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'These email addresses were already unsubscribed.',
    );
    const [add] = callsTo(fetchMock, 'workspace-activation-add-unsubscriptions');
    expect(add?.method).toBe('POST');
    expect(add?.url.pathname).toBe('/api/v1/users/workspace-activation-add-unsubscriptions/me');
    expect(add?.body).toEqual({
      emailAddresses: ['ann@example.test', 'bob@example.test'],
      workspaceId: ACME_SALES_ID,
    });
    expect(screen.queryByText('ann@example.test')).not.toBeInTheDocument();
    expect(unsubscribeButton()).toBeDisabled();
  });

  it('confirms the count of added addresses and refreshes the list', async () => {
    const server: SuppressionServer = { items: [], updated: 2 };
    renderUnsubscriptions(server);
    await screen.findByText('There are no unsubscriptions');
    server.items = [item('ann@example.test'), item('bob@example.test')];

    await userEvent.type(tagInput(), 'ann@example.test bob@example.test');
    await userEvent.click(unsubscribeButton());

    expect(await screen.findByRole('status')).toHaveTextContent(
      '2 email addresses successfully unsubscribed.',
    );
    expect(await within(table()).findByText('bob@example.test')).toBeInTheDocument();
  });

  it("marks an invalid tag 'Email is invalid' and leaves it out of the request", async () => {
    renderUnsubscriptions({ items: [], updated: 1 });

    await userEvent.type(tagInput(), 'not-an-email ');
    expect(screen.getByText('Email is invalid')).toBeInTheDocument();
    expect(unsubscribeButton()).toBeDisabled();

    await userEvent.type(tagInput(), 'ann@example.test ');
    await userEvent.click(unsubscribeButton());

    await screen.findByText('1 email address successfully unsubscribed.');
    expect(callsTo(fetchMock, 'workspace-activation-add-unsubscriptions')[0]?.body).toEqual({
      emailAddresses: ['ann@example.test'],
      workspaceId: ACME_SALES_ID,
    });
  });

  it("shows 'An error ocurred. Please try again.' when the add fails and keeps the tags", async () => {
    renderUnsubscriptions({ items: [], addStatus: 500 });
    await userEvent.type(tagInput(), 'ann@example.test ');
    await userEvent.click(unsubscribeButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('An error ocurred. Please try again.');
    expect(screen.getByText('ann@example.test')).toBeInTheDocument();
  });

  it('deletes a row after confirmation, then says so and refreshes the list', async () => {
    renderUnsubscriptions({ items: [item('ann@example.test'), item('bob@example.test')] });

    await userEvent.click(await screen.findByRole('button', { name: 'Delete ann@example.test' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete unsubscription' });
    expect(dialog).toHaveTextContent(
      'Do you want to delete ann@example.test from the unsubscriptions? This address will receive your mail merges again.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 unsubscribed email address successfully deleted.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [deletion] = callsTo(fetchMock, 'workspace-activation-delete-unsubscriptions');
    expect(deletion?.method).toBe('DELETE');
    expect(deletion?.url.pathname).toBe(
      `/api/v1/users/workspace-activation-delete-unsubscriptions/me/${ACME_SALES_ID}/ann%40example.test`,
    );
    await waitFor(() => expect(screen.queryByText('ann@example.test')).not.toBeInTheDocument());
    expect(screen.getByText('Total: 1')).toBeInTheDocument();
  });

  it('goes back a page when the last row of a page is deleted', async () => {
    const items = Array.from({ length: 26 }, (_, index) =>
      item(`user${String(index).padStart(2, '0')}@example.test`),
    );
    renderUnsubscriptions({ items });
    await userEvent.click(await screen.findByRole('button', { name: 'Page 2' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Delete user25@example.test' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('user00@example.test')).toBeInTheDocument();
    expect(within(table()).getAllByRole('row')).toHaveLength(26);
    expect(screen.queryByText('There are no unsubscriptions')).not.toBeInTheDocument();
  });

  it('keeps the confirmation open while the delete is loading', async () => {
    renderUnsubscriptions({ items: [item('ann@example.test')] });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete ann@example.test' }));
    let finish: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (finish = resolve)));

    const dialog = screen.getByRole('dialog', { name: 'Delete unsubscription' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await userEvent.keyboard('{Escape}');

    expect(screen.getByRole('dialog', { name: 'Delete unsubscription' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(unsubscribeButton()).toBeDisabled();
    finish(new Response('{}', { status: 200 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('disables Delete, with the reason, for a shared entry a member cannot delete', async () => {
    renderUnsubscriptions(
      { items: [item('shared@example.test', 'WORKSPACE'), item('mine@example.test')] },
      premiumSpace({ userRole: 'MEMBER' }),
    );

    const shared = await screen.findByRole('button', { name: 'Delete shared@example.test' });
    expect(shared).toHaveAttribute('aria-disabled', 'true');
    expect(shared).toHaveAccessibleDescription(
      'This address is unsubscribed for the whole space. Only the space owner and admins can delete it.',
    );
    await userEvent.click(shared);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete mine@example.test' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('disables Delete for a recipient’s link opt-out of another sender’s merge, even for the owner', async () => {
    const theirs: SuppressionItem = {
      ...item('optout@example.test', 'WORKSPACE'),
      source: 'LINK',
      isOwn: false,
    };
    const mine: SuppressionItem = { ...item('mine@example.test', 'WORKSPACE'), source: 'LINK' };
    renderUnsubscriptions({ items: [theirs, mine] }, premiumSpace({ userRole: 'OWNER' }));

    const blocked = await screen.findByRole('button', { name: 'Delete optout@example.test' });
    expect(blocked).toHaveAttribute('aria-disabled', 'true');
    expect(blocked).toHaveAccessibleDescription(RECIPIENT_OPT_OUT_MESSAGE);
    expect(screen.getByRole('button', { name: 'Delete mine@example.test' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    const server: SuppressionServer = { items: [item('ann@example.test')], listStatus: 500 };
    renderUnsubscriptions(server);

    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    server.listStatus = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ann@example.test')).toBeInTheDocument();
  });

  it('downloads the CSV the server writes, in the table’s order (issue 11)', async () => {
    const downloads = captureCsvDownloads();
    const csv = "Email address,Date,Type\r\n'=cmd@example.test,2026-03-03T12:00:00.000Z,Shared\r\n";
    renderUnsubscriptions({ items: [item('=cmd@example.test', 'WORKSPACE'), item('ann@example.test')], csv });
    await screen.findByText('ann@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Email address' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Email address' })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toMatch(/^Exported_Unsubscriptions_\d{4}-\d{2}-\d{2}\.csv$/);
    const [text = ''] = await downloads.texts();
    expect(text.replace(/^\uFEFF/, '')).toBe(csv);
    const exportCall = callsTo(fetchMock, '/unsubscriptions/export').at(-1);
    expect(exportCall?.url.searchParams.get('sortBy')).toBe('emailAddress:asc');
  });
});
