import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MergeStatus } from '@mergedesk/domain/api/sending';
import { fakeTimerUser, runOnFakeTimers } from '../../../test/fake-timers';
import { requestAddress, requestMethod, stubFetch } from '../../../test/fetch-stub';
import { ACME_SALES_ID, jsonResponse } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import { MergeProgressPage } from './merge-progress-page';

runOnFakeTimers();

const PREFIX = `/${ACME_SALES_ID}/acme-sales`;
const PAGE_PATH = `${PREFIX}/mail-merges/sending/c1`;
const MERGE_PATH = '/api/addon/merges/c1';
const CANCEL_PATH = '/api/v1/users/me/campaigns/c1/cancel-sending';

type Recipient = MergeStatus['recipients'][number];
const row = (index: number, overrides: Partial<Recipient> = {}): Recipient => ({
  index,
  email: `person${index + 1}@example.org`,
  status: 'SENT',
  reason: null,
  attempts: 1,
  sentAt: null,
  ...overrides,
});

const merge = (overrides: Partial<MergeStatus> = {}): MergeStatus => ({
  id: 'm1',
  campaignId: 'c1',
  scheduledCampaignId: null,
  status: 'SENDING',
  scheduledAt: null,
  nextRunAt: null,
  counts: { total: 30, queued: 20, sent: 8, skipped: 2, failed: 0 },
  recipients: [
    row(0),
    row(1, { email: 'not-an-address', status: 'SKIPPED', reason: 'INVALID_ADDRESS', attempts: 0 }),
    row(2, { status: 'SKIPPED', reason: 'UNSUBSCRIBED', attempts: 0 }),
    row(3, { status: 'FAILED', reason: 'GMAIL_ERROR', attempts: 3 }),
    row(4, { status: 'QUEUED', attempts: 0 }),
  ],
  nextCursor: null,
  ...overrides,
});

type Answer = Response | (() => Response | Promise<Response>);
type Server = {
  /** What GET merges.get answers, in turn (the last one repeats), per cursor ('' = the first page). */
  pages: Record<string, Answer[]>;
  cancel: () => Response;
};
let server: Server;
const answered: Record<string, number> = {};

const fetchMock = stubFetch((input, init) => {
  const address = requestAddress(input);
  const method = requestMethod(init);
  if (address.pathname === MERGE_PATH && method === 'GET') {
    const cursor = address.searchParams.get('after') ?? '';
    const answers = server.pages[cursor] ?? [];
    const turn = answered[cursor] ?? 0;
    answered[cursor] = turn + 1;
    const answer = answers[Math.min(turn, answers.length - 1)];
    if (answer === undefined) return Promise.reject(new Error(`no page after ${cursor}`));
    return Promise.resolve(typeof answer === 'function' ? answer() : answer.clone());
  }
  if (address.pathname === CANCEL_PATH && method === 'POST') return Promise.resolve(server.cancel());
  return Promise.resolve(jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found', errors: [] }));
});

const calls = (pathname: string, method = 'GET') =>
  fetchMock.mock.calls.filter(
    ([input, init]) => requestAddress(input).pathname === pathname && requestMethod(init) === method,
  );

beforeEach(() => {
  for (const key of Object.keys(answered)) delete answered[key];
  server = {
    pages: { '': [jsonResponse(200, merge())] },
    cancel: () =>
      jsonResponse(200, {
        status: 'CANCELLED',
        counts: { total: 30, queued: 0, sent: 8, skipped: 2, failed: 0 },
        nextRunAt: null,
        forecast: null,
        canCancel: false,
        canResendFailed: false,
        gmail: 'CONNECTED',
      }),
  };
});

function renderProgress() {
  return renderRoutes(
    [
      { path: `${PREFIX}/mail-merges/sending/:campaignId`, element: <MergeProgressPage prefix={PREFIX} /> },
      { path: '*', element: null },
    ],
    PAGE_PATH,
  );
}

const progressBar = () => screen.findByRole('progressbar', { name: 'Sending progress' });
const bar = () => screen.getByRole('progressbar', { name: 'Sending progress' });
const status = () => screen.getByRole('status');

describe('the progress page of a merge (issue 25)', () => {
  it('shows the status, sent, skipped and failed of the total, and each recipient’s delivery with its reason', async () => {
    renderProgress();
    const bar = await progressBar();
    expect(document.title).toBe('Mail merge progress | MergeDesk');
    expect(screen.getByRole('heading', { level: 1, name: 'Mail merge progress' })).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuemax', '30');
    expect(bar).toHaveAttribute('aria-valuenow', '10');
    expect(bar).toHaveAttribute('aria-valuetext', '8 sent, 2 skipped, 0 failed of 30');
    expect(status()).toHaveTextContent('Status: Sending');
    expect(screen.getByText('8 sent, 2 skipped, 0 failed of 30')).toBeInTheDocument();

    const rows = within(screen.getByRole('table', { name: 'Recipients' }))
      .getAllByRole('row')
      .slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      // Each recipient by its sheet row: the header is row 1.
      ['2', 'person1@example.org', 'Sent'],
      ['3', 'not-an-address', 'Skipped — Invalid address'],
      ['4', 'person3@example.org', 'Skipped — Unsubscribed'],
      ['5', 'person4@example.org', 'Failed — Gmail error (3 attempts)'],
      ['6', 'person5@example.org', 'Queued'],
    ]);
    expect(screen.getByText('Recipients 1–5 of 30')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in the Sent list' })).toHaveAttribute(
      'href',
      `${PREFIX}/mail-merges/sent/c1`,
    );
    // One page: no paging buttons.
    expect(screen.queryByRole('button', { name: 'Next recipients' })).not.toBeInTheDocument();
  });

  it('asks the merge’s sender view by the campaign id with a page size', async () => {
    renderProgress();
    await progressBar();
    const [input] = calls(MERGE_PATH)[0]!;
    expect(requestAddress(input).searchParams.get('limit')).toBe('50');
    expect(requestAddress(input).searchParams.has('after')).toBe(false);
  });

  it('updates within 2 s without a reload while sending, and stops asking once done', async () => {
    server.pages[''] = [
      jsonResponse(200, merge()),
      jsonResponse(200, merge({ counts: { total: 30, queued: 5, sent: 23, skipped: 2, failed: 0 } })),
      jsonResponse(
        200,
        merge({ status: 'DONE', counts: { total: 30, queued: 0, sent: 27, skipped: 3, failed: 0 } }),
      ),
    ];
    renderProgress();
    await progressBar();
    expect(calls(MERGE_PATH)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() =>
      expect(bar()).toHaveAttribute('aria-valuetext', '23 sent, 2 skipped, 0 failed of 30'),
    );
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(status()).toHaveTextContent('Status: Done'));
    expect(await progressBar()).toHaveAttribute('aria-valuetext', '27 sent, 3 skipped, 0 failed of 30');
    expect(calls(MERGE_PATH)).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Cancel sending' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls(MERGE_PATH)).toHaveLength(3);
  });

  it("says 'Upon quota reset' for the queued rest while the sender's quota is used up", async () => {
    server.pages[''] = [
      jsonResponse(
        200,
        merge({
          status: 'WAITING_FOR_QUOTA',
          counts: { total: 25, queued: 5, sent: 20, skipped: 0, failed: 0 },
        }),
      ),
    ];
    renderProgress();
    await progressBar();
    expect(status()).toHaveTextContent('Status: Waiting for quota');
    expect(screen.getByRole('region', { name: 'Sending' })).toHaveTextContent(
      'Delivery of the 5 queued: Upon quota reset',
    );
    // Still a merge in progress: it is asked again and can be cancelled.
    expect(screen.getByRole('button', { name: 'Cancel sending' })).toBeInTheDocument();
  });

  it('pages the recipients with the endpoint’s cursor, forward and back', async () => {
    server.pages[''] = [jsonResponse(200, merge({ recipients: [row(0), row(1)], nextCursor: 'cur-2' }))];
    server.pages['cur-2'] = [jsonResponse(200, merge({ recipients: [row(2), row(3)], nextCursor: null }))];
    const user = fakeTimerUser();
    renderProgress();
    await progressBar();
    expect(screen.getByRole('button', { name: 'Previous recipients' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next recipients' }));
    expect(await screen.findByText('person4@example.org')).toBeInTheDocument();
    expect(screen.queryByText('person1@example.org')).not.toBeInTheDocument();
    expect(screen.getByText('Recipients 3–4 of 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next recipients' })).toBeDisabled();
    expect(
      calls(MERGE_PATH).some(([input]) => requestAddress(input).searchParams.get('after') === 'cur-2'),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Previous recipients' }));
    expect(await screen.findByText('person1@example.org')).toBeInTheDocument();
    expect(screen.getByText('Recipients 1–2 of 30')).toBeInTheDocument();
  });

  it('cancels after a confirmation, and shows the merge cancelled', async () => {
    server.pages[''] = [
      jsonResponse(200, merge()),
      jsonResponse(
        200,
        merge({ status: 'CANCELLED', counts: { total: 30, queued: 0, sent: 8, skipped: 2, failed: 0 } }),
      ),
    ];
    const user = fakeTimerUser();
    renderProgress();
    await progressBar();

    await user.click(screen.getByRole('button', { name: 'Cancel sending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel sending?' });
    expect(dialog).toHaveTextContent('20 recipients not sent yet will not receive it.');
    expect(dialog).toHaveTextContent('8 messages were already sent');
    // 'Keep sending' closes it and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep sending' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(CANCEL_PATH, 'POST')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel sending' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel sending?' });
    await user.click(within(again).getByRole('button', { name: 'Cancel sending' }));
    await waitFor(() => expect(calls(CANCEL_PATH, 'POST')).toHaveLength(1));
    await waitFor(() => expect(status()).toHaveTextContent('Status: Cancelled'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel sending' })).not.toBeInTheDocument();
  });

  it('works by keyboard: Tab to Cancel sending, Enter opens the confirmation on Keep sending, Escape closes it', async () => {
    const user = fakeTimerUser();
    renderProgress();
    await progressBar();
    const cancel = screen.getByRole('button', { name: 'Cancel sending' });
    for (let tabs = 0; tabs < 10 && document.activeElement !== cancel; tabs += 1) await user.tab();
    expect(cancel).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Cancel sending?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep sending' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(CANCEL_PATH, 'POST')).toHaveLength(0);
  });

  it('shows the server’s refusal of a cancel in the confirmation', async () => {
    server.cancel = () =>
      jsonResponse(403, {
        code: 'FORBIDDEN',
        message: 'Only the sender of this mail merge or an admin of the space can change its sending.',
        errors: [],
      });
    const user = fakeTimerUser();
    renderProgress();
    await progressBar();
    await user.click(screen.getByRole('button', { name: 'Cancel sending' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel sending?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel sending' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only the sender of this mail merge or an admin of the space can change its sending.',
    );
  });

  it('does not cancel when the page is left: leaving sends nothing', async () => {
    const { unmount } = renderProgress();
    await progressBar();
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(calls(CANCEL_PATH, 'POST')).toHaveLength(0);
  });

  it("shows the merge-not-found message for a merge that is not the caller's, and stops asking", async () => {
    server.pages[''] = [
      jsonResponse(404, { code: 'NOT_FOUND', message: 'Mail merge not found.', errors: [] }),
    ];
    renderProgress();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Mail merge not found.');
    expect(within(alert).getByRole('link', { name: 'Back to mail merges' })).toHaveAttribute(
      'href',
      `${PREFIX}/mail-merges/sent`,
    );
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(calls(MERGE_PATH)).toHaveLength(1);
  });

  it('shows a retry, not a blank page, when the connection is lost before the first answer', async () => {
    server.pages[''] = [() => Promise.reject(new TypeError('Failed to fetch')), jsonResponse(200, merge())];
    const user = fakeTimerUser();
    renderProgress();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await progressBar()).toHaveAttribute('aria-valuetext', '8 sent, 2 skipped, 0 failed of 30');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the numbers and offers a retry when the connection is lost while following the merge', async () => {
    server.pages[''] = [
      jsonResponse(200, merge()),
      () => Promise.reject(new TypeError('Failed to fetch')),
      jsonResponse(200, merge({ counts: { total: 30, queued: 0, sent: 28, skipped: 2, failed: 0 } })),
    ];
    renderProgress();
    await progressBar();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(bar()).toHaveAttribute('aria-valuetext', '8 sent, 2 skipped, 0 failed of 30');

    // Asked again by itself: the alert goes once an answer comes.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() =>
      expect(bar()).toHaveAttribute('aria-valuetext', '28 sent, 2 skipped, 0 failed of 30'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers "Reconnect Gmail" while the sender’s Gmail grant is revoked', async () => {
    server.pages[''] = [jsonResponse(200, merge({ status: 'PAUSED_GMAIL_DISCONNECTED' }))];
    renderProgress();
    await progressBar();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Gmail access was revoked. Sending is paused until you reconnect.');
    expect(within(alert).getByRole('link', { name: 'Reconnect Gmail' })).toBeInTheDocument();
  });
});
