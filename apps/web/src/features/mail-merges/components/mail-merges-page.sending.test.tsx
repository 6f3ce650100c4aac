import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { SentCampaign } from '@mergedesk/domain/api/campaigns';
import type { ScheduledCampaign } from '@mergedesk/domain/api/scheduled-campaigns';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import type { Role } from '@mergedesk/domain/roles/roles';
import { runOnFakeTimers } from '../../../test/fake-timers';
import { requestAddress, stubFetch } from '../../../test/fetch-stub';
import {
  ACME_SALES_ID,
  jsonResponse,
  SENT_LONG_AGO as LONG_AGO,
  sentCampaign as fixtureSentCampaign,
  userWorkspace,
} from '../../../test/fixtures';
import { renderRoutes } from '../../../test/render';
import type { GmailMeter } from '../api/get-gmail-meter';
import { MailMergesPage } from './mail-merges-page';

runOnFakeTimers();

const PREFIX = `/${ACME_SALES_ID}/acme-sales`;
const SENT_PATH = '/api/v1/users/me/campaigns';
const SCHEDULED_PATH = '/api/v1/users/me/scheduled-campaigns';
const METER_PATH = `/api/v1/users/me/workspaces/${ACME_SALES_ID}/gmail-meter`;

const sentCampaign = (overrides: Partial<SentCampaign> = {}): SentCampaign =>
  fixtureSentCampaign({ eventCounts: { ...fixtureSentCampaign().eventCounts, sentCount: 30 }, ...overrides });

const scheduledCampaign = (overrides: Partial<ScheduledCampaign> = {}): ScheduledCampaign => ({
  id: 's1',
  mergeSourceSheetKey: 'sheet-2',
  mergeSourceSpreadSheetName: 'Newsletter',
  mergeSourceSheetName: 'December',
  createTimestamp: LONG_AGO,
  nextScheduledRunTimestamp: new Date(2026, 11, 1, 9, 30).getTime(),
  eventCounts: { toSendCount: 2200, sentCount: 0 },
  status: 'IN PROGRESS',
  errorDetails: {
    error: null,
    errorDetails: null,
    recoverableErrorRetries: 0,
    recoverableErrorLastRetryTimestamp: null,
  },
  ...overrides,
});

type Server = {
  /** The Sent list's answers in turn (the last one repeats). */
  sent: SentCampaign[][];
  scheduled: ScheduledCampaign[];
  meter: GmailMeter | null;
};
let server: Server;
let sentAnswers = 0;

const fetchMock = stubFetch((input) => {
  const { pathname } = requestAddress(input);
  if (pathname === SENT_PATH) {
    const items = server.sent[Math.min(sentAnswers, server.sent.length - 1)]!;
    sentAnswers += 1;
    return Promise.resolve(jsonResponse(200, { items, total: items.length }));
  }
  if (pathname === SCHEDULED_PATH) {
    return Promise.resolve(jsonResponse(200, { items: server.scheduled, total: server.scheduled.length }));
  }
  if (pathname === METER_PATH && server.meter !== null)
    return Promise.resolve(jsonResponse(200, server.meter));
  if (pathname.endsWith('/campaigns/count')) return Promise.resolve(jsonResponse(200, { campaignCount: 1 }));
  return Promise.resolve(jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found', errors: [] }));
});

const calls = (pathname: string) =>
  fetchMock.mock.calls.filter(([input]) => requestAddress(input).pathname === pathname);

beforeEach(() => {
  sentAnswers = 0;
  server = { sent: [[sentCampaign()]], scheduled: [scheduledCampaign()], meter: null };
});

function renderPage(path: string, space: UserWorkspace = userWorkspace()) {
  const page = <MailMergesPage prefix={PREFIX} space={space} />;
  return renderRoutes(
    [
      {
        path: `${PREFIX}/*`,
        element: (
          <Routes>
            {['sent', 'scheduled'].map((route) => (
              <Route key={route} path={`mail-merges/${route}`} element={page} />
            ))}
          </Routes>
        ),
      },
      { path: '*', element: null },
    ],
    `${PREFIX}/mail-merges/${path}`,
  );
}

const meter = (level: GmailMeter['level'], message: string | null): GmailMeter => ({
  level,
  total: level === 'over' ? 5200 : level === 'warning' ? 4200 : 10,
  threshold: 5000,
  message,
});

describe("the owners' Gmail bulk-sender meter (issue 24)", () => {
  it("warns with the server's message as a status", async () => {
    server.meter = meter('warning', 'Your space has sent or queued 4,200 messages to Gmail addresses.');
    renderPage('sent');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your space has sent or queued 4,200 messages to Gmail addresses.',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's message as an alert once over", async () => {
    server.meter = meter('over', 'Over Google’s bulk-sender limit of 5,000 a day.');
    renderPage('sent');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Over Google’s bulk-sender limit of 5,000 a day.',
    );
  });

  it('says nothing while the space is well below', async () => {
    server.meter = meter('ok', null);
    renderPage('sent');
    await screen.findByRole('table', { name: 'Sent mail merges' });
    await waitFor(() => expect(calls(METER_PATH)).toHaveLength(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each<Role>(['ADMIN', 'MEMBER'])('is not even asked for by an %s', async (role) => {
    server.meter = meter('over', 'Over.');
    renderPage('sent', userWorkspace({ userRole: role }));
    await screen.findByRole('table', { name: 'Sent mail merges' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls(METER_PATH)).toHaveLength(0);
    expect(screen.queryByText('Over.')).not.toBeInTheDocument();
  });
});

describe('the scheduled list of merges the engine sends (issue 24)', () => {
  it('shows the sending forecast under the next run', async () => {
    server.scheduled = [
      scheduledCampaign({ sendingForecast: 'sends 1,500 today, 700 tomorrow at 09:12' }),
      scheduledCampaign({ id: 's2', mergeSourceSheetName: 'Add-on', sendingForecast: null }),
    ];
    renderPage('scheduled');
    const table = await screen.findByRole('table', { name: 'Scheduled mail merges' });
    await within(table).findByText('sends 1,500 today, 700 tomorrow at 09:12');
    const [engine, addon] = within(table).getAllByRole('row').slice(1);
    const dateCell = (row: HTMLElement) => within(row).getAllByRole('cell')[1]!;
    expect(dateCell(engine!)).toHaveTextContent('December 1st, 2026sends 1,500 today, 700 tomorrow at 09:12');
    expect(dateCell(addon!)).toHaveTextContent(/^December 1st, 2026$/);
  });
});

describe('the Sent list follows the counters of a merge being sent or just sent (issue 24)', () => {
  it('asks again every 2 s while a row was sent in the last minutes, then stops', async () => {
    const justSent = sentCampaign({ lastEmailSentTimestamp: Date.now(), lastUpdateTimestamp: Date.now() });
    const opened = { ...justSent, eventCounts: { ...justSent.eventCounts, openedCount: 3 } };
    server.sent = [[justSent], [opened]];
    renderPage('sent');
    const table = await screen.findByRole('table', { name: 'Sent mail merges' });
    const row = await within(table).findByRole('row', { name: /Leads - Sheet1/ });
    expect(within(row).getAllByRole('cell')[4]).toHaveTextContent('0%');

    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(within(row).getAllByRole('cell')[4]).toHaveTextContent('10%'));

    // Ten minutes on, the merge is no longer "just sent": the list stops asking.
    const later = Date.now() + 11 * 60 * 1000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    const settled = calls(SENT_PATH).length;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(calls(SENT_PATH)).toHaveLength(settled);
    vi.restoreAllMocks();
  });

  it('does not ask again for merges sent long ago', async () => {
    renderPage('sent');
    await screen.findByRole('table', { name: 'Sent mail merges' });
    await waitFor(() => expect(calls(SENT_PATH)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(calls(SENT_PATH)).toHaveLength(1);
  });
});
