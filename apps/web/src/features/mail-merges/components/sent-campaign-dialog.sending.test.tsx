import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignRecipient } from '@mergedesk/domain/api/campaign-recipients';
import type { CampaignSending } from '@mergedesk/domain/api/sending';
import { fakeTimerUser, runOnFakeTimers } from '../../../test/fake-timers';
import { requestAddress, requestMethod, stubFetch } from '../../../test/fetch-stub';
import { ACME_SALES_ID, jsonResponse, sentCampaign } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { SentCampaignDialog, type SentDialogTab } from './sent-campaign-dialog';

runOnFakeTimers();

const DIALOG_PATH = `/${ACME_SALES_ID}/acme-sales/mail-merges/sent/c1`;
const SENDING_PATH = '/api/v1/users/me/campaigns/c1/sending';
const CANCEL_PATH = '/api/v1/users/me/campaigns/c1/cancel-sending';
const RESEND_PATH = '/api/v1/users/me/campaigns/c1/resend-failed';
const RECIPIENTS_PATH = '/api/v1/users/me/campaigns/c1/recipients';

const campaign = sentCampaign();

const sendingState = (overrides: Partial<CampaignSending> = {}): CampaignSending => ({
  status: 'SENDING',
  counts: { total: 100, queued: 60, sent: 30, skipped: 6, failed: 4 },
  nextRunAt: null,
  forecast: 'sends 60 today',
  canCancel: true,
  canResendFailed: false,
  gmail: 'CONNECTED',
  ...overrides,
});

const recipient = (email: string, delivery: CampaignRecipient['delivery']): CampaignRecipient => ({
  recipientId: email,
  email,
  status: 'sent',
  flags: {
    sent: true,
    opened: false,
    clicked: false,
    replied: false,
    responded: false,
    unsubscribed: false,
    bounced: false,
  },
  sentTimestamp: null,
  firstOpenedTimestamp: null,
  lastOpenedTimestamp: null,
  firstClickedTimestamp: null,
  lastClickedTimestamp: null,
  repliedTimestamp: null,
  respondedTimestamp: null,
  unsubscribedTimestamp: null,
  bouncedTimestamp: null,
  clickCount: 0,
  clickedLinks: [],
  delivery,
});

const refusal = (status: number, message: string) =>
  jsonResponse(status, { code: 'CONFLICT', message, errors: [] });

type Server = {
  /** What the sending state answers, in turn (the last one repeats). */
  sending: Array<Response | (() => Response)>;
  cancel: () => Response | Promise<Response>;
  resend: () => Response | Promise<Response>;
  recipients: CampaignRecipient[];
};
let server: Server;
let sendingAnswers = 0;

const fetchMock = stubFetch((input, init) => {
  const { pathname } = requestAddress(input);
  const method = requestMethod(init);
  if (pathname === SENDING_PATH) {
    const answer = server.sending[Math.min(sendingAnswers, server.sending.length - 1)]!;
    sendingAnswers += 1;
    return Promise.resolve(typeof answer === 'function' ? answer() : answer.clone());
  }
  if (pathname === CANCEL_PATH && method === 'POST') return Promise.resolve(server.cancel());
  if (pathname === RESEND_PATH && method === 'POST') return Promise.resolve(server.resend());
  if (pathname === RECIPIENTS_PATH) {
    return Promise.resolve(jsonResponse(200, { items: server.recipients, total: server.recipients.length }));
  }
  if (pathname.endsWith('/links')) return Promise.resolve(jsonResponse(200, { items: [] }));
  if (pathname.endsWith('/pollResults')) return Promise.resolve(jsonResponse(200, { items: [] }));
  if (pathname === '/api/v1/users/me/campaigns/c1') return Promise.resolve(jsonResponse(200, campaign));
  return Promise.resolve(jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found', errors: [] }));
});

const calls = (pathname: string, method = 'GET') =>
  fetchMock.mock.calls.filter(
    ([input, init]) => requestAddress(input).pathname === pathname && requestMethod(init) === method,
  );

beforeEach(() => {
  sendingAnswers = 0;
  server = {
    sending: [jsonResponse(200, sendingState())],
    cancel: () => jsonResponse(200, sendingState({ status: 'CANCELLED', canCancel: false })),
    resend: () => jsonResponse(200, sendingState()),
    recipients: [],
  };
});
afterEach(() => {
  focusManager.setFocused(undefined);
});

function renderDialog(tab: SentDialogTab = 'mail') {
  return renderPage(
    <SentCampaignDialog campaignId="c1" tab={tab} onTabChange={() => {}} onClose={() => {}} />,
    DIALOG_PATH,
  );
}

const sendingRegion = () => screen.findByRole('region', { name: 'Sending' });

describe('the merge dialog of a merge the add-on sent (sending state 404)', () => {
  it('looks as before: no sending panel, the mail results', async () => {
    server.sending = [jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found', errors: [] })];
    renderDialog();
    expect(await screen.findByRole('table', { name: 'Mail results' })).toBeInTheDocument();
    await waitFor(() => expect(calls(SENDING_PATH)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Sending' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the sending panel of a merge the engine sends (issue 24)', () => {
  it('shows the status, the progress with its counts and the forecast', async () => {
    renderDialog();
    const panel = await sendingRegion();
    expect(within(panel).getByText('Sending', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    const bar = within(panel).getByRole('progressbar', { name: 'Sending progress' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '30 sent, 6 skipped, 4 failed of 100');
    expect(within(panel).getByText('30 sent, 6 skipped, 4 failed of 100')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Delivery: sends 60 today');
    expect(within(panel).queryByRole('button', { name: 'Resend to failed' })).not.toBeInTheDocument();
  });

  it("reads 'Upon quota reset' with the spec's out-of-quota warning while waiting for quota", async () => {
    server.sending = [jsonResponse(200, sendingState({ status: 'WAITING_FOR_QUOTA', forecast: 'x' }))];
    renderDialog();
    const panel = await sendingRegion();
    expect(within(panel).getByText('Waiting for quota')).toBeInTheDocument();
    expect(panel).toHaveTextContent('Delivery: Upon quota reset');
    expect(panel).not.toHaveTextContent('Delivery: x');
    expect(
      within(panel).getByText(
        'Your mail merge could not be sent in full because your sending quota was insufficient. It will resume as soon as your quota resets.',
      ),
    ).toBeInTheDocument();
  });

  it('asks again every 2 s while sending and stops once done', async () => {
    server.sending = [
      jsonResponse(200, sendingState()),
      jsonResponse(200, sendingState({ counts: { total: 100, queued: 0, sent: 90, skipped: 6, failed: 4 } })),
      jsonResponse(
        200,
        sendingState({
          status: 'DONE',
          canCancel: false,
          counts: { total: 100, queued: 0, sent: 90, skipped: 6, failed: 4 },
        }),
      ),
    ];
    renderDialog();
    const panel = await sendingRegion();
    expect(calls(SENDING_PATH)).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() =>
      expect(within(panel).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100'),
    );
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(await within(panel).findByText('Done')).toBeInTheDocument();
    expect(calls(SENDING_PATH)).toHaveLength(3);
    expect(within(panel).queryByRole('button', { name: 'Cancel sending' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls(SENDING_PATH)).toHaveLength(3);
  });

  it('does not ask while the tab is hidden, and asks again when it comes back', async () => {
    renderDialog();
    await sendingRegion();
    act(() => focusManager.setFocused(false));
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(calls(SENDING_PATH)).toHaveLength(1);

    act(() => focusManager.setFocused(true));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls(SENDING_PATH).length).toBeGreaterThan(1);
  });

  it('cancels after a confirmation that says what stops and what was sent; the answer updates the panel', async () => {
    const user = fakeTimerUser();
    renderDialog();
    const panel = await sendingRegion();

    await user.click(within(panel).getByRole('button', { name: 'Cancel sending' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel sending?' });
    expect(confirm).toHaveTextContent(
      'No more messages of this mail merge will be sent: 60 recipients not sent yet will not receive it.',
    );
    expect(confirm).toHaveTextContent('30 messages were already sent; a sent message cannot be called back.');
    expect(calls(CANCEL_PATH, 'POST')).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Cancel sending' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel sending?' })).not.toBeInTheDocument(),
    );
    expect(calls(CANCEL_PATH, 'POST')).toHaveLength(1);
    expect(await within(panel).findByText('Cancelled')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Cancel sending' })).not.toBeInTheDocument();
  });

  it('keeps sending when the confirmation is dismissed', async () => {
    const user = fakeTimerUser();
    renderDialog();
    const panel = await sendingRegion();
    await user.click(within(panel).getByRole('button', { name: 'Cancel sending' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel sending?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep sending' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel sending?' })).not.toBeInTheDocument(),
    );
    expect(calls(CANCEL_PATH, 'POST')).toHaveLength(0);
  });

  it('closes only the confirmation on Escape, not the merge dialog under it', async () => {
    const user = fakeTimerUser();
    const onClose = vi.fn();
    renderPage(
      <SentCampaignDialog campaignId="c1" tab="mail" onTabChange={() => {}} onClose={onClose} />,
      DIALOG_PATH,
    );
    const panel = await sendingRegion();
    await user.click(within(panel).getByRole('button', { name: 'Cancel sending' }));
    await screen.findByRole('dialog', { name: 'Cancel sending?' });
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Cancel sending?' })).not.toBeInTheDocument(),
    );
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    [refusal(409, 'This mail merge has already been sent.'), 'This mail merge has already been sent.'],
    [jsonResponse(500, { code: 'INTERNAL', message: 'boom', errors: [] }), 'Something went wrong.'],
  ])(
    'shows why a cancel was refused or failed, and keeps the confirmation open (%#)',
    async (answer, text) => {
      server.cancel = () => answer;
      const user = fakeTimerUser();
      renderDialog();
      const panel = await sendingRegion();
      await user.click(within(panel).getByRole('button', { name: 'Cancel sending' }));
      const confirm = await screen.findByRole('dialog', { name: 'Cancel sending?' });
      await user.click(within(confirm).getByRole('button', { name: 'Cancel sending' }));
      expect(await within(confirm).findByRole('alert')).toHaveTextContent(text);
      expect(within(panel).getByText('Sending', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    },
  );

  it('resends to the failed once however often it is pressed, disabled meanwhile, then says how many', async () => {
    server.sending = [jsonResponse(200, sendingState({ canResendFailed: true }))];
    let answer: (response: Response) => void = () => {};
    server.resend = () =>
      new Promise<Response>((resolve) => {
        answer = resolve;
      });
    const user = fakeTimerUser();
    renderDialog();
    const panel = await sendingRegion();
    const button = within(panel).getByRole('button', { name: 'Resend to failed' });

    // Two presses before React renders the pending state (a double click on a busy machine).
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    expect(calls(RESEND_PATH, 'POST')).toHaveLength(1);

    answer(
      jsonResponse(
        200,
        sendingState({
          canResendFailed: false,
          counts: { total: 100, queued: 64, sent: 30, skipped: 6, failed: 0 },
        }),
      ),
    );
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      '4 failed recipients were queued again.',
    );
    expect(within(panel).queryByRole('button', { name: 'Resend to failed' })).not.toBeInTheDocument();
    expect(calls(RESEND_PATH, 'POST')).toHaveLength(1);
  });

  it('shows why a resend was refused', async () => {
    server.sending = [jsonResponse(200, sendingState({ canResendFailed: true }))];
    server.resend = () => refusal(409, 'Nothing failed in this mail merge.');
    const user = fakeTimerUser();
    renderDialog();
    const panel = await sendingRegion();
    await user.click(within(panel).getByRole('button', { name: 'Resend to failed' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Nothing failed in this mail merge.');
    expect(within(panel).getByRole('button', { name: 'Resend to failed' })).toBeEnabled();
  });

  it.each(['REVOKED', 'NOT_CONNECTED'] as const)(
    'says sending is paused and links to Reconnect Gmail, back to this dialog, when Gmail is %s',
    async (gmail) => {
      server.sending = [jsonResponse(200, sendingState({ status: 'PAUSED_GMAIL_DISCONNECTED', gmail }))];
      renderDialog();
      const panel = await sendingRegion();
      expect(within(panel).getByRole('alert')).toHaveTextContent(
        'Gmail access was revoked. Sending is paused until you reconnect.',
      );
      const link = within(panel).getByRole('link', { name: 'Reconnect Gmail' });
      expect(link).toHaveAttribute(
        'href',
        `/api/v1/auth/gmail/connect?returnTo=${encodeURIComponent(DIALOG_PATH)}`,
      );
    },
  );

  it('says nothing of Gmail once the merge is done', async () => {
    server.sending = [
      jsonResponse(200, sendingState({ status: 'DONE', canCancel: false, gmail: 'REVOKED' })),
    ];
    renderDialog();
    const panel = await sendingRegion();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Reconnect Gmail' })).not.toBeInTheDocument();
  });
});

describe('the Recipients tab of a merge the engine sends (issue 24)', () => {
  it("says each recipient's delivery: sent, skipped and failed with their reasons and attempts, queued, cancelled", async () => {
    server.recipients = [
      recipient('ada@example.com', { status: 'SENT', reason: null, attempts: 1 }),
      recipient('bob@example.com', { status: 'SKIPPED', reason: 'UNSUBSCRIBED', attempts: 0 }),
      recipient('cy@example.com', { status: 'FAILED', reason: 'GMAIL_ERROR', attempts: 3 }),
      recipient('di@example.com', { status: 'FAILED', reason: 'GMAIL_REJECTED', attempts: 1 }),
      recipient('ed@example.com', { status: 'QUEUED', reason: null, attempts: 0 }),
      recipient('fay@example.com', { status: 'CANCELLED', reason: null, attempts: 0 }),
    ];
    renderDialog('recipients');
    const table = await screen.findByRole('table', { name: 'Recipients' });
    // In the status cell from the sm breakpoint on, under the address on phones (both in jsdom).
    const deliveryOf = (email: string) =>
      within(within(table).getByRole('row', { name: new RegExp(email) }))
        .getAllByText(/^Delivery: /)
        .map((line) => line.textContent);
    const twice = (text: string) => [text, text];
    expect(deliveryOf('ada@example.com')).toEqual(twice('Delivery: Sent'));
    expect(deliveryOf('bob@example.com')).toEqual(twice('Delivery: Skipped — Unsubscribed'));
    expect(deliveryOf('cy@example.com')).toEqual(twice('Delivery: Failed — Gmail error (3 attempts)'));
    expect(deliveryOf('di@example.com')).toEqual(twice('Delivery: Failed — Rejected by Gmail (1 attempt)'));
    expect(deliveryOf('ed@example.com')).toEqual(twice('Delivery: Queued'));
    expect(deliveryOf('fay@example.com')).toEqual(twice('Delivery: Cancelled'));
    const statusCell = within(within(table).getByRole('row', { name: /bob@example.com/ })).getAllByRole(
      'cell',
    )[1];
    expect(statusCell).toHaveTextContent('SentDelivery: Skipped — Unsubscribed');
  });

  it('says nothing of delivery for a merge the add-on sent', async () => {
    server.sending = [jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found', errors: [] })];
    server.recipients = [recipient('ada@example.com', null)];
    renderDialog('recipients');
    const table = await screen.findByRole('table', { name: 'Recipients' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Address', 'Status', 'First opened', 'Last opened', 'Clicks']);
    expect(table).not.toHaveTextContent('Delivery');
  });

  it('follows the recipients every 2 s while the merge is being sent', async () => {
    server.recipients = [recipient('ada@example.com', { status: 'SENDING', reason: null, attempts: 1 })];
    renderDialog('recipients');
    await screen.findByRole('table', { name: 'Recipients' });
    await sendingRegion();
    const before = calls(RECIPIENTS_PATH).length;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(calls(RECIPIENTS_PATH).length).toBeGreaterThan(before);
  });
});
