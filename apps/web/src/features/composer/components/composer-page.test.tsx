import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import { SCHEDULING_NEEDS_PRO_MESSAGE } from '@mergedesk/domain/plans/plan-features';
import { GMAIL_COMPOSE_SCOPE } from '@mergedesk/domain/session/constants';
import { fakeTimerUser, runOnFakeTimers } from '../../../test/fake-timers';
import { requestAddress, requestJson, requestMethod, stubFetch } from '../../../test/fetch-stub';
import { signedInSession } from '../../../test/fake-session';
import { ACME_SALES_ID, currentUser, jsonResponse, userWorkspace } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { clearComposerState } from '../lib/composer-storage';
import { RECIPIENTS_UNCHECKED_BLOCKER } from '../lib/merge-request';
import { ComposerPage } from './composer-page';

runOnFakeTimers();

const PREFIX = `/${ACME_SALES_ID}/acme-sales`;
const USER = currentUser();
const SPACE_API = `/api/v1/users/me/workspaces/${ACME_SALES_ID}`;

const CSV = [
  'First name,Email',
  'Ada,ada@x.io',
  'Bob,bob@x.io',
  'Una,una@x.io',
  'Nope,not-an-address',
  'Ada again,ADA@x.io',
].join('\n');

type Server = {
  gmail: 'CONNECTED' | 'NOT_CONNECTED' | 'REVOKED';
  drafts: Response | null;
  /** Answers of POST /api/addon/merges in turn (a thrown Error: the connection is lost). */
  merges: (Response | Error)[];
  testSend: Response;
  recipientCheck: Response;
};
let server: Server;

const TEMPLATE = {
  id: 't1',
  subject: 'Hello {{First name}}',
  preview: '<p>Hi {{First name}}, welcome.</p>',
  thumbnail: '',
  order: 1,
};

const fetchMock = stubFetch((input, init) => {
  const { pathname, searchParams } = requestAddress(input);
  const method = requestMethod(init);
  if (pathname === '/api/v1/users/me/gmail')
    return Promise.resolve(
      jsonResponse(200, { status: server.gmail, email: 'olivia@acme.test', connectedAt: null }),
    );
  if (pathname === '/api/v1/users/me/gmail/send-as')
    return Promise.resolve(
      jsonResponse(200, {
        items: [
          { email: 'olivia@acme.test', displayName: 'Olivia', isDefault: true },
          { email: 'sales@acme.test', displayName: 'Acme Sales', isDefault: false },
        ],
      }),
    );
  if (pathname === '/api/v1/users/me/gmail/drafts' && server.drafts)
    return Promise.resolve(server.drafts.clone());
  if (pathname === '/api/v1/users/me/gmail/drafts/d1')
    return Promise.resolve(
      jsonResponse(200, { id: 'd1', subject: 'Draft for {{First name}}', htmlBody: '<p>From Gmail</p>' }),
    );
  if (pathname === '/api/v1/templates') return Promise.resolve(jsonResponse(200, { items: [TEMPLATE] }));
  if (pathname === `${SPACE_API}/recipient-check` && method === 'POST')
    return Promise.resolve(server.recipientCheck.clone());
  if (pathname === `${SPACE_API}/sending-forecast`) {
    const count = Number(searchParams.get('count'));
    return Promise.resolve(
      jsonResponse(200, {
        limit: 20,
        remaining: 1,
        now: Math.min(count, 1),
        later: Math.max(count - 1, 0),
        resetAt: new Date(2026, 10, 28, 9, 12).getTime(),
      }),
    );
  }
  if (pathname === `${SPACE_API}/test-send`) return Promise.resolve(server.testSend.clone());
  if (pathname === '/api/addon/merges' && method === 'POST') {
    const answer = server.merges.shift() ?? jsonResponse(500, { code: 'X', message: 'no more', errors: [] });
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  }
  return Promise.resolve(jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found', errors: [] }));
});

const callsTo = (pathname: string) =>
  fetchMock.mock.calls.filter(([input]) => requestAddress(input).pathname === pathname);

beforeEach(() => {
  server = {
    gmail: 'CONNECTED',
    drafts: jsonResponse(200, {
      items: [{ id: 'd1', subject: 'Draft for {{First name}}', snippet: 'From Gmail', updatedAt: null }],
    }),
    merges: [jsonResponse(202, { campaignId: 'c1' })],
    testSend: jsonResponse(202, { sentTo: 'olivia@acme.test' }),
    recipientCheck: jsonResponse(200, { unsubscribed: ['UNA@x.io'], bounced: [] }),
  };
});
afterEach(async () => {
  // Unmounted first, so that no save of this test lands after the state is cleared.
  cleanup();
  await clearComposerState(USER.userId, ACME_SALES_ID);
});

function renderComposer(
  space: UserWorkspace = userWorkspace(),
  session = signedInSession({ scopes: ['openid', GMAIL_COMPOSE_SCOPE] }),
) {
  return renderRoutes(
    [
      {
        path: `${PREFIX}/mail-merges/new`,
        element: <ComposerPage prefix={PREFIX} space={space} user={USER} />,
      },
      { path: `${PREFIX}/mail-merges/sending/:campaignId`, element: <p>Progress page</p> },
      { path: `${PREFIX}/mail-merges/scheduled`, element: <p>Scheduled tab</p> },
      { path: '*', element: null },
    ],
    `${PREFIX}/mail-merges/new`,
    { session },
  );
}

async function pasteRows(user: ReturnType<typeof fakeTimerUser>, text = CSV) {
  await user.click(await screen.findByRole('textbox', { name: 'Or paste rows' }));
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Use these rows' }));
}

async function pickOption(user: ReturnType<typeof fakeTimerUser>, label: string, option: string) {
  await user.click(await screen.findByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function composeFromTemplate(user: ReturnType<typeof fakeTimerUser>) {
  await pasteRows(user);
  await screen.findByText('5 recipients: 2 to send, 3 skipped');
  await pickOption(user, 'Or from a template', TEMPLATE.subject);
  await screen.findByText('Recipient 1 of 5');
}

/** 'Send…', then 'Send' in the confirmation: the dialog, for what it shows next. */
async function confirmAndSend(user: ReturnType<typeof fakeTimerUser>) {
  await user.click(screen.getByRole('button', { name: 'Send…' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Send' }));
  return dialog;
}

describe('the composer (issue 25)', () => {
  it('takes pasted rows, detects the e-mail column and lists who is skipped and why', async () => {
    const user = fakeTimerUser();
    renderComposer();
    await pasteRows(user);
    expect(screen.getByRole('combobox', { name: 'E-mail column' })).toHaveValue('Email');
    expect(await screen.findByText('5 recipients: 2 to send, 3 skipped')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Invalid address: 1' })).toHaveTextContent(
      'Row 5: not-an-address — Invalid address',
    );
    expect(screen.getByRole('group', { name: 'Duplicate in this merge: 1' })).toHaveTextContent(
      'Row 6: ADA@x.io — Duplicate in this merge',
    );
    expect(screen.getByRole('group', { name: 'Unsubscribed: 1' })).toHaveTextContent(
      'Row 4: una@x.io — Unsubscribed',
    );
    expect(screen.queryByRole('group', { name: /^Bounced/ })).not.toBeInTheDocument();
    expect(requestJson(callsTo(`${SPACE_API}/recipient-check`)[0]?.[1])).toEqual({
      emails: ['ada@x.io', 'bob@x.io', 'una@x.io', 'not-an-address', 'ADA@x.io'],
    });
  });

  it('lets the person change the e-mail column', async () => {
    const user = fakeTimerUser();
    renderComposer();
    await pasteRows(user);
    await screen.findByText('5 recipients: 2 to send, 3 skipped');
    await pickOption(user, 'E-mail column', 'First name');
    expect(await screen.findByText('5 recipients: 0 to send, 5 skipped')).toBeInTheDocument();
  });

  it('says why a file past the limits cannot be used', async () => {
    const user = fakeTimerUser();
    renderComposer();
    const input = await screen.findByLabelText('CSV file');
    await user.upload(
      input,
      new File([`Email\n${'a@x.io\n'.repeat(5001)}`], 'big.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file has 5,001 recipients. A mail merge can send to at most 5,000',
    );
  });

  it('reads an uploaded semicolon file with a byte order mark', async () => {
    const user = fakeTimerUser();
    renderComposer();
    const input = await screen.findByLabelText('CSV file');
    await user.upload(
      input,
      new File(['\uFEFFName;E-mail\nAda;ada@x.io'], 'Leads.csv', { type: 'text/csv' }),
    );
    expect(await screen.findByText(/1 rows, 2 columns/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'E-mail column' })).toHaveValue('E-mail');
  });

  it('previews each recipient, then sends once and opens the merge’s progress', async () => {
    const user = fakeTimerUser();
    const { router } = renderComposer();
    await composeFromTemplate(user);
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('Subject: Hello Ada');
    const frame = screen.getByTitle('Message preview');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Hi Ada, welcome.</p>');
    expect(frame.getAttribute('srcdoc')).toContain(
      'Don\'t want these emails? <a href="#unsubscribe">Unsubscribe</a>.',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Recipient 2 of 5')).toBeInTheDocument();
    expect(screen.getByTestId('preview-subject')).toHaveTextContent('Subject: Hello Bob');

    await user.click(screen.getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this mail merge?' });
    expect(dialog).toHaveTextContent('2 recipients receive it now.');
    expect(dialog).toHaveTextContent('Invalid address: 1');
    expect(dialog).toHaveTextContent('Duplicate in this merge: 1');
    expect(dialog).toHaveTextContent('Unsubscribed: 1');
    const send = within(dialog).getByRole('button', { name: 'Send' });
    await user.dblClick(send);

    await screen.findByText('Progress page');
    expect(router.state.location.pathname).toBe(`${PREFIX}/mail-merges/sending/c1`);
    const posts = callsTo('/api/addon/merges');
    expect(posts).toHaveLength(1);
    const [, init] = posts[0]!;
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    const body = requestJson(init) as { recipients: { email: string; fields: object }[]; subject: string };
    expect(body.subject).toBe('Hello {{First name}}');
    expect(body.recipients).toHaveLength(5);
    expect(body.recipients[3]).toEqual({
      email: 'not-an-address',
      fields: { 'First name': 'Nope', Email: 'not-an-address' },
    });
  });

  it('sends the chosen options: sender name, alias, tracking and the unsubscribe link', async () => {
    const user = fakeTimerUser();
    renderComposer();
    await composeFromTemplate(user);
    await user.type(screen.getByRole('textbox', { name: 'Sender name' }), 'Olivia at Acme');
    await pickOption(user, 'Send from', 'Acme Sales <sales@acme.test>');
    await user.click(screen.getByRole('switch', { name: 'Track clicks' }));
    await user.click(screen.getByRole('switch', { name: /Unsubscribe link/ }));
    expect(screen.getByTitle('Message preview').getAttribute('srcdoc')).not.toContain('Unsubscribe');
    await user.click(screen.getByRole('button', { name: 'Send…' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await screen.findByText('Progress page');
    const body = requestJson(callsTo('/api/addon/merges')[0]?.[1]) as {
      options: object;
      scheduledAt?: number;
    };
    expect(body.options).toEqual({
      senderName: 'Olivia at Acme',
      sendAs: 'sales@acme.test',
      trackOpens: true,
      trackClicks: false,
      unsubscribeLink: false,
    });
    expect(body.scheduledAt).toBeUndefined();
  });

  it('retries after a lost connection with the same Idempotency-Key', async () => {
    server.merges = [new TypeError('Failed to fetch'), jsonResponse(202, { campaignId: 'c2' })];
    const user = fakeTimerUser();
    renderComposer();
    await composeFromTemplate(user);
    const dialog = await confirmAndSend(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The connection to MergeDesk was lost before the mail merge was confirmed. Try again: it is sent only once.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await screen.findByText('Progress page');
    const keys = callsTo('/api/addon/merges').map(([, init]) =>
      new Headers(init?.headers).get('Idempotency-Key'),
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('shows the server’s error message and stays on the page', async () => {
    server.merges = [
      jsonResponse(422, { code: 'UNPROCESSABLE', message: 'Gmail access was revoked.', errors: [] }),
    ];
    const user = fakeTimerUser();
    renderComposer();
    await composeFromTemplate(user);
    const dialog = await confirmAndSend(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Gmail access was revoked.');
    expect(screen.queryByText('Progress page')).not.toBeInTheDocument();
  });

  it('offers a new key when the key was already used for other content', async () => {
    server.merges = [
      jsonResponse(422, {
        code: 'IDEMPOTENCY_KEY_REUSED',
        message: 'This Idempotency-Key was already used with a different request.',
        errors: [],
      }),
      jsonResponse(202, { campaignId: 'c3' }),
    ];
    const user = fakeTimerUser();
    renderComposer();
    await composeFromTemplate(user);
    const dialog = await confirmAndSend(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This mail merge was already started before it was changed.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send as a new mail merge' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByText('Progress page');
    const keys = callsTo('/api/addon/merges').map(([, init]) =>
      new Headers(init?.headers).get('Idempotency-Key'),
    );
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('goes to the Scheduled tab when the merge is scheduled', async () => {
    server.merges = [jsonResponse(202, { scheduledCampaignId: 's1' })];
    const user = fakeTimerUser();
    renderComposer();
    await composeFromTemplate(user);
    await user.click(screen.getByRole('radio', { name: 'Schedule' }));
    const field = screen.getByLabelText('Send at');
    await user.type(field, '2099-12-01T09:30');
    await user.click(screen.getByRole('button', { name: 'Schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule this mail merge?' });
    expect(dialog).toHaveTextContent('2 recipients receive it on Dec 1, 2099, 09:30.');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await screen.findByText('Scheduled tab');
    const body = requestJson(callsTo('/api/addon/merges')[0]?.[1]) as { scheduledAt: number };
    expect(body.scheduledAt).toBe(new Date(2099, 11, 1, 9, 30).getTime());
  });

  it('sends the previewed recipient as a test to the sender', async () => {
    const user = fakeTimerUser();
    renderComposer();
    await composeFromTemplate(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Send a test to me' }));
    expect(await screen.findByText('Test of recipient 2 sent to olivia@acme.test.')).toBeInTheDocument();
    const body = requestJson(callsTo(`${SPACE_API}/test-send`)[0]?.[1]) as { fields: object };
    expect(body.fields).toEqual({ 'First name': 'Bob', Email: 'bob@x.io' });
  });

  it('shows why a test could not be sent', async () => {
    server.testSend = jsonResponse(409, {
      code: 'CONFLICT',
      message: 'The Gmail permission was withdrawn. Reconnect Gmail to send a test.',
      errors: [],
      reason: 'GMAIL_REVOKED',
    });
    const user = fakeTimerUser();
    renderComposer();
    await composeFromTemplate(user);
    await user.click(screen.getByRole('button', { name: 'Send a test to me' }));
    const alert = await screen.findByRole('alert', { name: 'The test could not be sent' });
    expect(alert).toHaveTextContent('The Gmail permission was withdrawn. Reconnect Gmail to send a test.');
    expect(within(alert).getByRole('link', { name: 'Connect Gmail' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/v1/auth/gmail/connect?returnTo='),
    );
  });

  it('flags unknown markers and inserts a column at the cursor', async () => {
    const user = fakeTimerUser();
    renderComposer();
    await pasteRows(user);
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await user.click(subject);
    await user.paste('Hi {{Frist name}}, ');
    expect(await screen.findByRole('alert', { name: 'Unknown markers' })).toHaveTextContent(
      'Unknown merge fields: {{Frist name}}. Add these columns to the sheet or correct the markers.',
    );
    await user.click(screen.getByRole('button', { name: 'Insert {{First name}}' }));
    expect(subject).toHaveValue('Hi {{Frist name}}, {{First name}}');
  });

  it('starts from a Gmail draft', async () => {
    const user = fakeTimerUser();
    renderComposer();
    await pickOption(user, 'Start from a Gmail draft', 'Draft for {{First name}}');
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Draft for {{First name}}'),
    );
    expect(screen.getByRole('textbox', { name: /Body/ })).toHaveValue('<p>From Gmail</p>');
  });

  it('asks for the Gmail permission when the drafts answer missing_authorization', async () => {
    server.drafts = jsonResponse(403, {
      code: 'FORBIDDEN',
      message: 'Allow MergeDesk to create Gmail drafts first.',
      errors: [],
      reason: 'missing_authorization',
    });
    const session = signedInSession({ scopes: ['openid', GMAIL_COMPOSE_SCOPE] });
    const user = fakeTimerUser();
    renderComposer(userWorkspace(), session);
    await user.click(await screen.findByRole('button', { name: 'Allow access to Gmail drafts' }));
    expect(session.requestComposePermission).toHaveBeenCalledWith(`${PREFIX}/mail-merges/new`);
  });

  it('says so when the person came back without giving the permission', async () => {
    const { router } = renderRoutes(
      [
        {
          path: `${PREFIX}/mail-merges/new`,
          element: <ComposerPage prefix={PREFIX} space={userWorkspace()} user={USER} />,
        },
      ],
      `${PREFIX}/mail-merges/new?composeGrant=cancelled`,
      { session: signedInSession() },
    );
    expect(
      await screen.findByText('The Gmail permission was not given: your drafts cannot be listed.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when Gmail is not connected, with the Connect Gmail link', async () => {
    server.gmail = 'NOT_CONNECTED';
    renderComposer();
    const alert = await screen.findByRole('alert', { name: 'Gmail is not connected' });
    expect(within(alert).getByRole('link', { name: 'Connect Gmail' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/v1/auth/gmail/connect?returnTo='),
    );
  });

  it.each<[string, UserWorkspace, boolean]>([
    [
      'the owner of a Free space gets the upgrade link',
      userWorkspace({ workspacePlan: 'FREE', userPlan: 'FREE' }),
      true,
    ],
    [
      'a member of a Free space is told to ask the owner',
      userWorkspace({ workspacePlan: 'FREE', userPlan: 'FREE', userRole: 'MEMBER' }),
      false,
    ],
  ])('scheduling is Pro: %s', async (_, space, upgradeLink) => {
    renderComposer(space);
    expect(await screen.findByRole('radio', { name: 'Schedule' })).toBeDisabled();
    expect(screen.getByText(SCHEDULING_NEEDS_PRO_MESSAGE, { exact: false })).toBeInTheDocument();
    const link = screen.queryByRole('link', { name: 'Upgrade' });
    if (upgradeLink) expect(link).toHaveAttribute('href', `${PREFIX}/checkout/details`);
    else {
      expect(link).not.toBeInTheDocument();
      expect(screen.getByText(/Ask the space owner to upgrade\./)).toBeInTheDocument();
    }
  });

  it('shows the quota line of the forecast', async () => {
    const user = fakeTimerUser();
    renderComposer();
    await pasteRows(user);
    // 2 to send once the space's lists are checked.
    await waitFor(() =>
      expect(screen.getByTestId('quota-line')).toHaveTextContent(
        'You can send 1 more today; 1 will be sent after your quota resets on November 28th, 2026 at 09:12.',
      ),
    );
  });

  it('forgets the composition once it is sent', async () => {
    const user = fakeTimerUser();
    const first = renderComposer();
    await composeFromTemplate(user);
    await user.click(screen.getByRole('button', { name: 'Send…' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await screen.findByText('Progress page');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    first.unmount();
    renderComposer();
    expect(await screen.findByRole('textbox', { name: 'Or paste rows' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
  });

  it('keeps the composition after a reload', async () => {
    const user = fakeTimerUser();
    const first = renderComposer();
    await composeFromTemplate(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Left at once, before the pause that saves: saved as the page goes.
    first.unmount();
    renderComposer();
    expect(await screen.findByText('Recipient 2 of 5')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Hello {{First name}}');
  });

  it('does not confirm counts the space’s lists have not checked: a failed check stops the send', async () => {
    server.recipientCheck = jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'Down', errors: [] });
    const user = fakeTimerUser();
    renderComposer();
    await pasteRows(user);
    await pickOption(user, 'Or from a template', TEMPLATE.subject);
    await user.click(await screen.findByRole('button', { name: 'Send…' }));
    const alert = await screen.findByRole('alert', { name: 'Before sending' });
    expect(alert).toHaveTextContent(RECIPIENTS_UNCHECKED_BLOCKER);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists what is missing when sending too early', async () => {
    const user = fakeTimerUser();
    renderComposer();
    await user.click(await screen.findByRole('button', { name: 'Send…' }));
    const alert = await screen.findByRole('alert', { name: 'Before sending' });
    expect(alert).toHaveTextContent('Add the recipients.');
    expect(alert).toHaveTextContent('Write the subject and the body.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
