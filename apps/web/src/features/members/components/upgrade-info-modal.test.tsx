import { MantineProvider } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Member } from '@mergedesk/domain/api/members';
import { requestAddress, stubFetch } from '../../../test/fetch-stub';
import { ACME_SALES_ID, jsonResponse, memberRow } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { UpgradeInfoModal } from './upgrade-info-modal';

const member = (memberEmail: string, userRole: Member['userRole']): Member =>
  memberRow(memberEmail, { userRole });
const olivia = member('olivia@acme.test', 'OWNER');
const adam = member('adam@acme.test', 'ADMIN');

const fetchMock = stubFetch();

/** Answers the owner lookup and the admins query of spec 000 §7 / §9. */
function serveMembers(admins: Member[]) {
  fetchMock.mockImplementation((input) => {
    const url = requestAddress(input);
    expect(url.pathname).toBe(`/api/workspaces/${ACME_SALES_ID}/members`);
    const filterBy = url.searchParams.get('filterBy');
    if (filterBy === 'userRole:OWNER' && url.searchParams.get('limit') === '1') {
      return Promise.resolve(jsonResponse(200, { items: [olivia], total: 1 }));
    }
    if (
      filterBy === 'memberStatus:ACTIVE,userRole:ADMIN,userRole:OWNER' &&
      url.searchParams.get('limit') === '100'
    ) {
      return Promise.resolve(jsonResponse(200, { items: [olivia, ...admins], total: admins.length + 1 }));
    }
    return Promise.resolve(
      jsonResponse(400, { code: 'BAD_REQUEST', message: 'Unexpected query', errors: [] }),
    );
  });
}

function renderModal() {
  const onClose = vi.fn();
  renderPage(
    <MantineProvider env="test">
      <UpgradeInfoModal opened onClose={onClose} workspaceId={ACME_SALES_ID} workspaceName="Acme Sales" />
    </MantineProvider>,
  );
  return { onClose };
}

describe('UpgradeInfoModal (spec 000 §2: free member in a PRO space)', () => {
  it('names the owner and lists the admins, each with a copy button', async () => {
    serveMembers([adam]);
    const { onClose } = renderModal();

    expect(screen.getByLabelText("Loading the space's owner and admins")).toBeInTheDocument();
    expect(
      await screen.findByText('You are part of Acme Sales, owned by olivia@acme.test'),
    ).toBeInTheDocument();
    expect(screen.getByText('The space also has the following admins:')).toBeInTheDocument();
    expect(screen.getByText('adam@acme.test')).toBeInTheDocument();
    expect(screen.getByText('Contact any of them to request an upgrade.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy olivia@acme.test' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy adam@acme.test' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('leaves the admins heading out when there are no admins', async () => {
    serveMembers([]);
    renderModal();

    expect(
      await screen.findByText('You are part of Acme Sales, owned by olivia@acme.test'),
    ).toBeInTheDocument();
    expect(screen.queryByText('The space also has the following admins:')).not.toBeInTheDocument();
    expect(screen.getByText('Contact them to request an upgrade.')).toBeInTheDocument();
    expect(screen.queryByText('Contact any of them to request an upgrade.')).not.toBeInTheDocument();
  });

  it('copies an address and says so', async () => {
    serveMembers([adam]);
    const user = userEvent.setup();
    renderModal();

    await user.click(await screen.findByRole('button', { name: 'Copy adam@acme.test' }));

    const statuses = await screen.findAllByRole('status');
    expect(statuses.map((status) => status.textContent)).toEqual(['', 'Copied']);
    expect(await navigator.clipboard.readText()).toBe('adam@acme.test');
  });

  it('shows an error with a retry when the members cannot be loaded', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { code: 'INTERNAL', message: 'boom', errors: [] }));
    renderModal();

    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(screen.getByText('Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
