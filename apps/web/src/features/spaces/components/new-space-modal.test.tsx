import { MantineProvider } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Workspace } from '@mergedesk/domain/api/workspaces';
import { getVisibleAlerts, resetAlertStore } from '../../../lib/alerts';
import { requestJson, requestUrl, stubFetch } from '../../../test/fetch-stub';
import { jsonResponse } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { NewSpaceModal } from './new-space-modal';

const USER_ID = 'bbbbbbbb-0000-4000-8000-000000000001';
const NEW_SPACE_ID = 'cccccccc-0000-4000-8000-000000000001';

const created: Workspace = {
  workspaceId: NEW_SPACE_ID,
  id: NEW_SPACE_ID,
  workspaceName: 'Marketing team',
  name: 'Marketing team',
  role: 'OWNER',
  urlPrefix: `/${NEW_SPACE_ID}/marketing-team`,
  workspacePlan: 'FREE',
  plan: 'FREE',
  legacyType: null,
  isPerSeat: true,
  status: 'ACTIVE',
  memberInviteUser: true,
  workspaceUserFeature: { workspacePlan: 'FREE', userPlan: 'FREE' },
  isAddonWorkspace: false,
};

const fetchMock = stubFetch();
beforeEach(() => {
  resetAlertStore();
});

function renderModal(props: { canCreate?: boolean } = {}) {
  const onClose = vi.fn();
  const onCreated = vi.fn(() => Promise.resolve());
  renderPage(
    <MantineProvider env="test">
      <NewSpaceModal
        opened
        onClose={onClose}
        userId={USER_ID}
        canCreate={props.canCreate ?? true}
        onCreated={onCreated}
      />
    </MantineProvider>,
  );
  return { onClose, onCreated };
}

const nameField = () => screen.getByLabelText("Space's name");
const create = () => userEvent.click(screen.getByRole('button', { name: 'Create' }));

describe('NewSpaceModal (spec 000 §2, §4, §5)', () => {
  it('is a labelled dialog with one field and Create / Cancel', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Create a new space' })).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('placeholder', "Enter the space's name");
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it.each([
    ['', 'Please fill in this field.'],
    ['    ', 'Please fill in this field.'],
    ['abcd', 'Space name should contain at least 5 characters.'],
    ['  abcd  ', 'Space name should contain at least 5 characters.'],
    ['x'.repeat(256), 'Space name could contain at most 255 characters.'],
  ])('shows the message for %j under the field and sends nothing', async (value, message) => {
    renderModal();
    await userEvent.click(nameField());
    if (value) await userEvent.paste(value);
    await create();

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed name with the user id and memberInviteUser, then hands over the new space', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, created));
    const { onCreated, onClose } = renderModal();

    await userEvent.type(nameField(), '  Marketing team  ');
    await create();

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(requestUrl(url)).toMatch(/\/api\/v1\/workspaces$/);
    expect(init?.method).toBe('POST');
    expect(requestJson(init)).toEqual({
      workspaceName: 'Marketing team',
      userId: USER_ID,
      memberInviteUser: true,
    });
    expect(onClose).not.toHaveBeenCalled(); // the caller closes it once switched to the new space
  });

  it('puts a server 400 on workspaceName under the field and keeps the dialog open', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        code: 'VALIDATION_FAILED',
        message: 'Invalid request.',
        errors: [
          {
            field: 'workspaceName',
            message: 'Space name should contain at least 5 characters.',
            reason: 'TOO_SHORT',
          },
        ],
      }),
    );
    const { onClose } = renderModal();

    await userEvent.type(nameField(), 'Valid name');
    await create();

    expect(await screen.findByText('Space name should contain at least 5 characters.')).toBeInTheDocument();
    expect(nameField()).toHaveAttribute('aria-invalid', 'true');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes and sets an error alert of type create on any other failure', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(500, {
        code: 'INTERNAL',
        message: 'An internal error occurred. Please try again later.',
        errors: [],
      }),
    );
    const { onClose, onCreated } = renderModal();

    await userEvent.type(nameField(), 'Valid name');
    await create();

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onCreated).not.toHaveBeenCalled();
    expect(getVisibleAlerts()).toEqual([
      expect.objectContaining({
        kind: 'create',
        tone: 'error',
        title: 'Something went wrong.',
        description: 'Please try again later.',
      }),
    ]);
  });

  it("shows the server's message for a refused creation", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(403, {
        code: 'OWNED_SPACES_LIMIT_REACHED',
        message: 'You already own 5 spaces.',
        errors: [],
      }),
    );
    renderModal();

    await userEvent.type(nameField(), 'Valid name');
    await create();

    await waitFor(() =>
      expect(getVisibleAlerts()).toEqual([
        expect.objectContaining({
          kind: 'create',
          title: 'Something went wrong.',
          description: 'You already own 5 spaces.',
        }),
      ]),
    );
  });

  it('warns an owner of 5 spaces and disables the field and Create', () => {
    renderModal({ canCreate: false });

    expect(screen.getByText('You cannot create a new space')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You are already the owner of 5 spaces which is the limit of the number of spaces you can own.',
      ),
    ).toBeInTheDocument();
    expect(nameField()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
