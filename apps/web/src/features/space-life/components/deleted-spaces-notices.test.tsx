import { MantineProvider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeletedWorkspace } from '@mergedesk/domain/api/space-life';
import { getVisibleAlerts, resetAlertStore } from '../../../lib/alerts';
import { requestAddress, requestMethod, stubFetch } from '../../../test/fetch-stub';
import { queryKeys } from '../../../lib/query-keys';
import { jsonResponse } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { DeletedSpacesNotices } from './deleted-spaces-notices';

const fetchMock = stubFetch();
const deleted = (overrides: Partial<DeletedWorkspace>): DeletedWorkspace => ({
  workspaceId: 'aaaaaaaa-0000-4000-8000-000000000002',
  workspaceName: 'Acme Premium',
  deletedAt: Date.UTC(2026, 10, 27),
  eraseAt: Date.UTC(2026, 11, 27),
  canRestore: false,
  subscriptionEndsAt: null,
  ...overrides,
});

function serve(items: DeletedWorkspace[]) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestAddress(input);
    if (requestMethod(init) === 'GET' && url.pathname === '/api/v1/deleted-workspaces') {
      return Promise.resolve(jsonResponse(200, { items }));
    }
    if (requestMethod(init) === 'POST' && url.pathname.endsWith('/restore')) {
      items.splice(0, items.length);
      return Promise.resolve(jsonResponse(200, { success: true }));
    }
    return Promise.resolve(jsonResponse(404, { errors: [], code: 'NOT_FOUND', message: url.pathname }));
  });
}

/**
 * The signed-in user's query, as the app shell keeps it: slower to answer again than the deleted
 * spaces, so that the banner is gone before the restore's refetches are all over.
 */
function CurrentUser() {
  useQuery({
    queryKey: queryKeys.currentUser(),
    queryFn: () => new Promise<object>((resolve) => setTimeout(() => resolve({}), 150)),
  });
  return null;
}

const render = () =>
  renderPage(
    <MantineProvider env="test">
      <CurrentUser />
      <DeletedSpacesNotices />
    </MantineProvider>,
  );

beforeEach(() => {
  localStorage.clear();
  resetAlertStore();
});

describe("the 'deleted' banner (spec 000 §8; issue 21)", () => {
  it('tells a member that the owner deleted the space, once: the dismissal is remembered', async () => {
    serve([deleted({})]);
    const first = render();
    const banner = await screen.findByRole('status');
    expect(within(banner).getByText('The space has been deleted.')).toBeInTheDocument();
    expect(
      within(banner).getByText(
        'Acme Premium was deleted by its owner. You have been switched to another space.',
      ),
    ).toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: /Restore/ })).not.toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    first.unmount();
    render();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('The space has been deleted.')).not.toBeInTheDocument();
  });

  it('tells the owner until when the space can be restored and when the subscription ends, and restores it', async () => {
    serve([deleted({ canRestore: true, subscriptionEndsAt: Date.UTC(2027, 2, 3) })]);
    render();
    const banner = await screen.findByRole('status');
    expect(
      within(banner).getByText(
        'Acme Premium was deleted. You can restore it until December 27th, 2026; after that its data is erased.',
      ),
    ).toBeInTheDocument();
    expect(
      within(banner).getByText(
        'The subscription has been cancelled: it will not renew and ends on March 3rd, 2027. Nothing more will be charged.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(banner).getByRole('button', { name: 'Restore Acme Premium' }));
    await waitFor(() => expect(screen.queryByText('The space has been deleted.')).not.toBeInTheDocument());
    // The confirmation is raised although the banner that asked for it is gone with the refetch.
    await waitFor(() =>
      expect(getVisibleAlerts()).toContainEqual(
        expect.objectContaining({ title: 'The space has been restored.', description: 'Acme Premium' }),
      ),
    );
    expect(
      fetchMock.mock.calls.some(
        ([input, init]) =>
          requestMethod(init) === 'POST' &&
          requestAddress(input).pathname ===
            '/api/v1/deleted-workspaces/aaaaaaaa-0000-4000-8000-000000000002/restore',
      ),
    ).toBe(true);
  });
});
