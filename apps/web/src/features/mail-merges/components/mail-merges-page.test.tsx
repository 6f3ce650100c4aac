import { MantineProvider } from '@mantine/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns/format';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SentCampaign } from '@mergedesk/domain/api/campaigns';
import type { ScheduledCampaign } from '@mergedesk/domain/api/scheduled-campaigns';
import type { UserWorkspace } from '@mergedesk/domain/api/users';
import type { MemberStatus } from '@mergedesk/domain/plans/plans';
import type { Role } from '@mergedesk/domain/roles/roles';
import { getVisibleAlerts, resetAlertStore } from '../../../lib/alerts';
import { requestAddress, requestMethod, stubFetch } from '../../../test/fetch-stub';
import { ACME_SALES_ID, jsonResponse, userWorkspace } from '../../../test/fixtures';
import { parseCsv } from '../../../test/csv';
import { renderRoutes } from '../../../test/render';
import { captureCsvDownloads } from '../../../test/suppression-server';
import { Route, Routes } from 'react-router';
import { MailMergesPage } from './mail-merges-page';

const PREFIX = `/${ACME_SALES_ID}/acme-sales`;
const MISSING_SUBJECT = 'Subject is unavailable because this mail merge has been sent by someone else';
const DAY_MS = 24 * 60 * 60 * 1000;
const LAST_UPDATE = new Date(2026, 2, 3, 12, 0).getTime(); // March 3rd, 2026, noon local time

function sentCampaign(overrides: Partial<SentCampaign> = {}): SentCampaign {
  return {
    campaignId: 'c1',
    sentMessageSubject: 'Spring offer',
    mergeSourceSheetKey: '1BxiMVs0XRA-5nFM-987',
    spreadsheetName: 'Leads Q4',
    sheetName: 'Sheet1',
    senderEmail: 'olivia@acme.test',
    senderName: 'Olivia Owens',
    lastUpdateTimestamp: LAST_UPDATE,
    createTimestamp: LAST_UPDATE - DAY_MS,
    lastEmailSentTimestamp: LAST_UPDATE,
    // delivered 1.400: opened 701 -> 50.07 % -> 50 %, clicked 155 -> 11.07 % -> 11 %
    eventCounts: {
      sentCount: 1500,
      bouncedCount: 100,
      openedCount: 701,
      clickedCount: 155,
      respondedCount: 14,
      unsubscribedCount: 7,
    },
    ...overrides,
  };
}

const NEXT_RUN = new Date(2026, 11, 1, 9, 30).getTime();
const LAST_RETRY = new Date(2026, 10, 22, 10, 15).getTime();

function scheduledCampaign(overrides: Partial<ScheduledCampaign> = {}): ScheduledCampaign {
  return {
    id: 's1',
    mergeSourceSheetKey: 'sheetABC-0',
    mergeSourceSpreadSheetName: 'Newsletter',
    mergeSourceSheetName: 'December',
    createTimestamp: LAST_RETRY - DAY_MS,
    nextScheduledRunTimestamp: NEXT_RUN,
    eventCounts: { toSendCount: 2500, sentCount: 0 },
    status: 'IN PROGRESS',
    errorDetails: {
      error: null,
      errorDetails: null,
      recoverableErrorRetries: 0,
      recoverableErrorLastRetryTimestamp: null,
    },
    ...overrides,
  };
}

/** The fake API: each endpoint answers from these, and every request is recorded. */
type Server = {
  sent: { items: SentCampaign[]; total: number };
  scheduled: { items: ScheduledCampaign[]; total: number };
  campaignCount: number;
  detail: SentCampaign;
  pollResults: Response | (() => Response);
  pollResponses: { items: Array<{ value: string }> };
  scheduledDetail: ScheduledCampaign;
  deleteStatus: number;
  /** Details answer 404 (a cancelled merge, another space's, a junk id). */
  detailGone?: boolean;
};
let server: Server;
const fetchMock = stubFetch((input, init) => Promise.resolve(respond(input, init)));

const calls = (pathname: string, method = 'GET') =>
  fetchMock.mock.calls
    .filter(([input, init]) => requestAddress(input).pathname === pathname && requestMethod(init) === method)
    .map(([input]) => requestAddress(input));
const SENT_PATH = '/api/v1/users/me/campaigns';
const SCHEDULED_PATH = '/api/v1/users/me/scheduled-campaigns';

function respond(input: string | URL | Request, init?: RequestInit): Response {
  const { pathname } = requestAddress(input);
  const method = requestMethod(init);
  if (method === 'DELETE' && pathname.startsWith('/api/v1/users/me/scheduledCampaigns/')) {
    return jsonResponse(
      server.deleteStatus,
      server.deleteStatus < 400 ? {} : { code: 'INTERNAL', message: 'x', errors: [] },
    );
  }
  if (pathname === SENT_PATH) return jsonResponse(200, server.sent);
  // Issue 24: merges the add-on sent itself (all of these) have no sending state.
  if (pathname.endsWith('/sending'))
    return jsonResponse(404, { code: 'NOT_FOUND', message: 'x', errors: [] });
  if (pathname === SCHEDULED_PATH) return jsonResponse(200, server.scheduled);
  if (pathname === `/api/v1/users/me/workspaces/${ACME_SALES_ID}/campaigns/count`) {
    return jsonResponse(200, { campaignCount: server.campaignCount });
  }
  const gone = jsonResponse(404, { code: 'NOT_FOUND', message: 'Mail merge not found', errors: [] });
  if (
    server.detailGone &&
    (pathname.startsWith(`${SENT_PATH}/`) || pathname.startsWith(`${SCHEDULED_PATH}/`))
  ) {
    return gone;
  }
  if (pathname.endsWith('/pollResults')) {
    return typeof server.pollResults === 'function' ? server.pollResults() : server.pollResults.clone();
  }
  if (pathname.endsWith('/pollResponses')) return jsonResponse(200, server.pollResponses);
  if (pathname.startsWith(`${SENT_PATH}/`)) return jsonResponse(200, server.detail);
  if (pathname.startsWith(`${SCHEDULED_PATH}/`)) return jsonResponse(200, server.scheduledDetail);
  return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found', errors: [] });
}

beforeEach(() => {
  server = {
    sent: { items: [sentCampaign()], total: 1 },
    scheduled: { items: [scheduledCampaign()], total: 1 },
    campaignCount: 3,
    detail: sentCampaign(),
    pollResults: () =>
      jsonResponse(200, {
        items: [
          { info: 'Yes', count: 2 },
          { info: 'No', count: 1 },
        ],
      }),
    pollResponses: { items: [] },
    scheduledDetail: scheduledCampaign(),
    deleteStatus: 200,
  };
  resetAlertStore();
});
afterEach(() => {
  vi.useRealTimers();
});

const ROUTES = ['sent', 'sent/:campaignId', 'sent/:campaignId/poll', 'scheduled', 'scheduled/:scheduledId'];

/** As the app renders it: the space's routes are descendant routes under the shell's splat route. */
function renderPage(path: string, space: UserWorkspace = userWorkspace()) {
  const page = (
    <MantineProvider env="test">
      <MailMergesPage prefix={PREFIX} space={space} />
    </MantineProvider>
  );
  return renderRoutes(
    [
      {
        path: `${PREFIX}/*`,
        element: (
          <Routes>
            {ROUTES.map((route) => (
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

const sentTable = () => screen.findByRole('table', { name: 'Sent mail merges' });
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('MailMergesPage (spec 002 §2.2)', () => {
  it('has the title, heading, Quick tutorial link and the three counters in German grouping', async () => {
    const now = new Date();
    renderPage(
      'sent',
      userWorkspace({
        counters: {
          totalNumberOfMailsSent: { count: 1234567 },
          monthlySentMails: [
            { year: now.getFullYear(), month: now.getMonth() + 1, count: 1500 },
            { year: now.getFullYear() - 1, month: now.getMonth() + 1, count: 99 },
          ],
        },
      }),
    );

    expect(document.title).toBe('Mail merges | MergeDesk');
    expect(screen.getByRole('heading', { level: 1, name: 'Mail merges' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quick tutorial' })).toHaveAttribute('href', '/get-started');
    expect(screen.getByRole('link', { name: 'Quick tutorial' })).toHaveAttribute('data-variant', 'filled');
    expect(
      await within(screen.getByRole('group', { name: 'Merges scheduled by you' })).findByText('3'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Emails sent by you this month' })).getByText('1.500'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('group', { name: 'Emails sent by you all time' })).getByText('1.234.567'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows sent rows with German numbers and rounded percentages, and the capped total', async () => {
    server.sent = { items: [sentCampaign()], total: 10000 };
    renderPage('sent');

    const table = await sentTable();
    const row = await within(table).findByRole('row', { name: /Leads Q4 - Sheet1/ });
    expect(cellTexts(row).slice(0, 6)).toEqual([
      'Leads Q4 - Sheet1',
      'Olivia Owensolivia@acme.test',
      'March 3rd, 2026',
      '1.500',
      '50%',
      '11%',
    ]);
    expect(
      within(row).getByRole('link', { name: 'Open Leads Q4 - Sheet1 in Google Sheets' }),
    ).toHaveAttribute('href', 'https://docs.google.com/spreadsheets/d/1BxiMVs0XRA-5nFM/edit#gid=987');
    expect(within(row).getByTitle('olivia@acme.test')).toHaveTextContent('Olivia Owens');
    expect(screen.getByText('Total: 10.000+')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Date' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it("shows a gone sender's merge as 'Former member', and an address when there is no name", async () => {
    server.sent = {
      items: [
        sentCampaign({ campaignId: 'c1', senderName: null, senderEmail: null }),
        sentCampaign({ campaignId: 'c2', sheetName: 'Sheet2', senderName: null, senderEmail: 'x@acme.test' }),
      ],
      total: 2,
    };
    renderPage('sent');
    const table = await sentTable();
    const gone = await within(table).findByRole('row', { name: /Sheet1/ });
    expect(cellTexts(gone)[1]).toBe('Former member');
    expect(cellTexts(within(table).getByRole('row', { name: /Sheet2/ }))[1]).toBe('x@acme.test');
  });

  it('asks for the space, Last 12 months, newest first, 25 rows by default', async () => {
    renderPage('sent');
    await sentTable();

    expect(screen.getByRole('combobox', { name: 'Date filter' })).toHaveDisplayValue('Last 12 months');
    const [url] = calls(SENT_PATH);
    const filterBy = url!.searchParams.get('filterBy')!;
    expect(filterBy).toMatch(new RegExp(`^workspaceId:${ACME_SALES_ID},from:\\d+,to:\\d+$`));
    const from = Number(/from:(\d+)/.exec(filterBy)![1]);
    const to = Number(/to:(\d+)/.exec(filterBy)![1]);
    expect(Math.abs(to - Date.now())).toBeLessThan(60_000);
    expect((to - from) / DAY_MS).toBeGreaterThanOrEqual(365);
    expect((to - from) / DAY_MS).toBeLessThanOrEqual(366);
    expect(url!.searchParams.get('sortBy')).toBe('lastUpdateTimestamp:desc');
    expect(url!.searchParams.get('limit')).toBe('25');
    expect(url!.searchParams.get('limitOffset')).toBe('0');
  });

  it('sorts by Sheet Name ascending on its header, then descending', async () => {
    renderPage('sent?page=2');
    const table = await sentTable();

    await userEvent.click(within(table).getByRole('button', { name: 'Sheet Name' }));
    await waitFor(() => expect(calls(SENT_PATH).at(-1)!.searchParams.get('sortBy')).toBe('sheetName:asc'));
    expect(calls(SENT_PATH).at(-1)!.searchParams.get('limitOffset')).toBe('0');
    expect(within(table).getByRole('columnheader', { name: 'Sheet Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await userEvent.click(within(table).getByRole('button', { name: 'Sheet Name' }));
    await waitFor(() => expect(calls(SENT_PATH).at(-1)!.searchParams.get('sortBy')).toBe('sheetName:desc'));
  });

  it('asks for this month when the date filter is This month', async () => {
    const { router } = renderPage('sent');
    await sentTable();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Date filter' }), 'This month');

    await waitFor(() => expect(router.state.location.search).toBe('?date=THIS_MONTH'));
    const now = new Date();
    const firstOfMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    await waitFor(() =>
      expect(calls(SENT_PATH).at(-1)!.searchParams.get('filterBy')).toContain(`from:${firstOfMonth},`),
    );
  });

  it('asks for every merge, with no date bounds, when the date filter is All time (issue 9)', async () => {
    const { router } = renderPage('sent');
    await sentTable();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Date filter' }), 'All time');

    await waitFor(() => expect(router.state.location.search).toBe('?date=ALL_TIME'));
    await waitFor(() =>
      expect(calls(SENT_PATH).at(-1)!.searchParams.get('filterBy')).toBe(`workspaceId:${ACME_SALES_ID}`),
    );
  });

  it('shows Quick tutorial in the secondary style on the FREE plan', () => {
    renderPage('sent', userWorkspace({ workspacePlan: 'FREE', userPlan: 'FREE' }));
    expect(screen.getByRole('link', { name: 'Quick tutorial' })).toHaveAttribute('data-variant', 'default');
  });

  describe("'New mail merge' (issue 25)", () => {
    const newMergeLink = () => screen.queryByRole('link', { name: 'New mail merge' });

    it.each<[Role, MemberStatus, UserWorkspace['workspacePlan']]>([
      ['OWNER', 'ACTIVE', 'PRO'],
      ['ADMIN', 'ACTIVE', 'PRO'],
      ['MEMBER', 'ACTIVE', 'PRO'],
      ['MEMBER', 'FREE_TRIAL', 'PRO'],
      ['OWNER', 'ACTIVE', 'FREE'],
      ['OWNER', 'LEGACY', 'LEGACY'],
    ])(
      'a %s (%s) of a %s space has it, beside the spec’s layout, and it opens the composer',
      async (userRole, status, workspacePlan) => {
        const { router } = renderPage('sent', userWorkspace({ userRole, status, workspacePlan }));
        const link = newMergeLink();
        expect(link).toHaveAttribute('href', `${PREFIX}/mail-merges/new`);
        expect(link).toHaveAttribute('data-variant', 'filled');
        // Spec 002 §2.2's layout stays: heading, Quick tutorial, stat cards and tabs.
        expect(screen.getByRole('heading', { level: 1, name: 'Mail merges' })).toBeInTheDocument();
        expect(screen.getByRole('link', { name: 'Quick tutorial' })).toBeInTheDocument();
        expect(screen.getByRole('group', { name: 'Emails sent by you all time' })).toBeInTheDocument();
        expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Scheduled', 'Sent']);

        await userEvent.click(link!);
        expect(router.state.location.pathname).toBe(`${PREFIX}/mail-merges/new`);
      },
    );

    it.each<MemberStatus>(['DISABLED', 'PENDING'])('a %s member does not have it', async (status) => {
      renderPage('sent', userWorkspace({ userRole: 'MEMBER', status }));
      await sentTable();
      expect(screen.getByRole('heading', { level: 1, name: 'Mail merges' })).toBeInTheDocument();
      expect(newMergeLink()).not.toBeInTheDocument();
    });
  });

  it('stops the search box at the longest search the API takes (254 characters, issue 9)', async () => {
    renderPage('sent');
    await sentTable();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveAttribute('maxLength', '254');
  });

  it('debounces the search: one request, 200 ms after the last change', async () => {
    renderPage('sent');
    await sentTable();
    const searched = () =>
      calls(SENT_PATH).filter((url) => url.searchParams.get('filterBy')!.includes('search:'));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const search = screen.getByLabelText('Search');
    fireEvent.change(search, { target: { value: 'a' } });
    await act(() => vi.advanceTimersByTimeAsync(150));
    fireEvent.change(search, { target: { value: 'acm' } });
    await act(() => vi.advanceTimersByTimeAsync(150));
    fireEvent.change(search, { target: { value: 'acme' } });
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(searched()).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    await waitFor(() => expect(searched()).toHaveLength(1));
    expect(searched()[0]!.searchParams.get('filterBy')).toMatch(
      /^workspaceId:[^,]+,search:acme,from:\d+,to:\d+$/,
    );
  });

  it("shows 'Nothing to see here...' with a get-started link when there are no merges", async () => {
    server.sent = { items: [], total: 0 };
    renderPage('sent');

    expect(await screen.findByText('Nothing to see here...')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/get-started');
    expect(screen.queryByText('No results found')).not.toBeInTheDocument();
  });

  it("shows 'No results found' with the no-match note when a search matches nothing", async () => {
    server.sent = { items: [], total: 0 };
    renderPage('sent?search=zzz');

    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByText('Try a different search or filter.')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('zzz');
  });

  it('shows an error with a retry when the list fails', async () => {
    fetchMock.mockImplementation((input, init) =>
      Promise.resolve(
        requestAddress(input).pathname === SENT_PATH
          ? jsonResponse(500, { code: 'INTERNAL', message: 'x', errors: [] })
          : respond(input, init),
      ),
    );
    renderPage('sent');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    fetchMock.mockImplementation((input, init) => Promise.resolve(respond(input, init)));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await sentTable()).toBeInTheDocument();
  });

  it('opens the detail dialog with Enter on a row and closes back to the list, keeping the query', async () => {
    const { router } = renderPage('sent?search=Leads');
    const row = await within(await sentTable()).findByRole('row', { name: /Leads Q4 - Sheet1/ });

    row.focus();
    await userEvent.keyboard('{Enter}');

    expect(router.state.location.pathname).toBe(`${PREFIX}/mail-merges/sent/c1`);
    expect(router.state.location.search).toBe('?search=Leads');
    const dialog = await screen.findByRole('dialog', { name: 'Spring offer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    expect(router.state.location.pathname).toBe(`${PREFIX}/mail-merges/sent`);
    expect(router.state.location.search).toBe('?search=Leads');
  });

  it('keeps the dialog of a row opened while the search is still being debounced, and the search', async () => {
    const { router } = renderPage('sent');
    const row = await within(await sentTable()).findByRole('row', { name: /Leads Q4 - Sheet1/ });

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'Leads' } });
    await act(() => vi.advanceTimersByTimeAsync(100));
    // The debounce ends after the click but before React has rendered the dialog's route.
    act(() => {
      fireEvent.click(row);
      vi.advanceTimersByTime(100);
    });
    await act(() => vi.advanceTimersByTimeAsync(200));
    vi.useRealTimers();

    expect(router.state.location.pathname).toBe(`${PREFIX}/mail-merges/sent/c1`);
    expect(router.state.location.search).toBe('?search=Leads');
    const dialog = await screen.findByRole('dialog', { name: 'Spring offer' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(router.state.location.pathname).toBe(`${PREFIX}/mail-merges/sent`);
    expect(router.state.location.search).toBe('?search=Leads');
  });

  it('titles the dialog with the missing-subject text and shows the mail results (spec 002 §8, §9)', async () => {
    server.detail = sentCampaign({ sentMessageSubject: null });
    renderPage('sent/c1');

    const dialog = await screen.findByRole('dialog', { name: MISSING_SUBJECT });
    const results = await within(dialog).findByRole('table', { name: 'Mail results' });
    const row = (name: string) =>
      cellTexts(within(results).getByRole('row', { name: new RegExp(`^${name}`) }));
    expect(row('Sent')).toEqual(['1.500', '']);
    expect(row('Delivered')).toEqual(['1.400', '93%']);
    expect(row('Opened')).toEqual(['701', '50%']);
    expect(row('Clicked')).toEqual(['155', '11%']);
    expect(row('Responded')).toEqual(['14', '1%']);
    expect(row('Unsubscribed')).toEqual(['7', '1%']);
    expect(row('Bounced')).toEqual(['100', '7%']);
  });

  it('shows the poll results at …/poll with percentages against the total', async () => {
    const { router } = renderPage('sent/c1');
    const dialog = await screen.findByRole('dialog', { name: 'Spring offer' });

    await userEvent.click(within(dialog).getByRole('tab', { name: 'Poll results' }));

    expect(router.state.location.pathname).toBe(`${PREFIX}/mail-merges/sent/c1/poll`);
    const table = await within(dialog).findByRole('table', { name: 'Poll results' });
    expect(cellTexts(within(table).getByRole('row', { name: /Yes/ }))).toEqual(['Yes', '2', '67%']);
    expect(cellTexts(within(table).getByRole('row', { name: /No/ }))).toEqual(['No', '1', '33%']);
  });

  it('falls back to the poll responses when the poll results fail', async () => {
    server.pollResults = () => jsonResponse(500, { code: 'INTERNAL', message: 'x', errors: [] });
    server.pollResponses = { items: [{ value: 'Tuesday works' }, { value: 'Not this week' }] };
    renderPage('sent/c1/poll');

    const dialog = await screen.findByRole('dialog', { name: 'Spring offer' });
    const table = await within(dialog).findByRole('table', { name: 'Poll responses' });
    expect(within(table).getByText('Tuesday works')).toBeInTheDocument();
    expect(within(table).getByText('Not this week')).toBeInTheDocument();
    expect(calls('/api/v1/users/me/campaigns/c1/pollResults')).toHaveLength(1);
    expect(calls('/api/v1/users/me/campaigns/c1/pollResponses')).toHaveLength(1);
  });
});

describe('Scheduled mail merges (spec 002 §2.2, §4.1, §8)', () => {
  const scheduledTable = () => screen.findByRole('table', { name: 'Scheduled mail merges' });

  it('lists Sheet Name, Date, Time and Emails; out of quota reads Upon quota reset', async () => {
    server.scheduled = {
      items: [scheduledCampaign(), scheduledCampaign({ id: 's2', nextScheduledRunTimestamp: null })],
      total: 2,
    };
    renderPage('scheduled');

    await within(await scheduledTable()).findByText('Upon quota reset');
    const [first, second] = within(await scheduledTable())
      .getAllByRole('row')
      .slice(1);
    expect(cellTexts(first!).slice(0, 4)).toEqual([
      'Newsletter - December',
      'December 1st, 2026',
      '9:30 AM',
      '2.500',
    ]);
    expect(cellTexts(second!).slice(0, 4)).toEqual([
      'Newsletter - December',
      'Upon quota reset',
      '—',
      '2.500',
    ]);
    expect(screen.getByRole('tab', { name: 'Scheduled' })).toHaveAttribute('aria-selected', 'true');
    const [url] = calls(SCHEDULED_PATH);
    expect(url!.searchParams.get('filterBy')).toBe(`workspaceId:${ACME_SALES_ID}`);
  });

  it('has a Status column: a failed merge reads Failed with the spec message, not pending (issue 9)', async () => {
    server.scheduled = {
      items: [
        scheduledCampaign(),
        scheduledCampaign({ id: 's2', mergeSourceSheetName: 'Quota', nextScheduledRunTimestamp: null }),
        scheduledCampaign({
          id: 's3',
          mergeSourceSheetName: 'Gone draft',
          nextScheduledRunTimestamp: null,
          status: 'DRAFT NOT FOUND',
        }),
      ],
      total: 3,
    };
    renderPage('scheduled');
    const table = await scheduledTable();
    await within(table).findByText('Upon quota reset');
    const statusOf = (name: RegExp) => cellTexts(within(table).getByRole('row', { name }))[4];
    expect(statusOf(/December/)).toBe('Scheduled');
    expect(statusOf(/Quota/)).toBe(
      'Waiting for quotaYour mail merge could not be sent in full because your sending quota was insufficient. It will resume as soon as your quota resets.',
    );
    expect(statusOf(/Gone draft/)).toMatch(/^Failed.*draft was deleted/);
  });

  it("shows 'Nothing to see here...' when nothing is scheduled", async () => {
    server.scheduled = { items: [], total: 0 };
    renderPage('scheduled');
    expect(await screen.findByText('Nothing to see here...')).toBeInTheDocument();
  });

  it('opens the dialog of a row at …/scheduled/{id}', async () => {
    const { router } = renderPage('scheduled');
    const row = await within(await scheduledTable()).findByRole('row', { name: /Newsletter - December/ });
    await userEvent.click(row);
    expect(router.state.location.pathname).toBe(`${PREFIX}/mail-merges/scheduled/s1`);
    expect(await screen.findByRole('dialog', { name: 'Newsletter - December' })).toBeInTheDocument();
  });

  it.each<[string, Partial<ScheduledCampaign>, string]>([
    [
      'out of quota',
      { status: 'IN PROGRESS', nextScheduledRunTimestamp: null },
      'Your mail merge could not be sent in full because your sending quota was insufficient. It will resume as soon as your quota resets.',
    ],
    [
      'a recoverable UNKNOWN ERROR',
      {
        status: 'UNKNOWN ERROR',
        errorDetails: {
          error: 'UNKNOWN ERROR',
          errorDetails: null,
          recoverableErrorRetries: 2,
          recoverableErrorLastRetryTimestamp: LAST_RETRY,
        },
      },
      `An unexpected error occurred. Sending will be attempted again at ${format(LAST_RETRY + 60 * 60 * 1000, 'h:mm a')}.`,
    ],
    [
      'DRAFT NOT FOUND',
      { status: 'DRAFT NOT FOUND' },
      'The draft was deleted. Create a new draft, then schedule a new merge.',
    ],
  ])('shows the status message for %s', async (_case, overrides, message) => {
    server.scheduledDetail = scheduledCampaign(overrides);
    renderPage('scheduled/s1');

    const dialog = await screen.findByRole('dialog', { name: 'Newsletter - December' });
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it("reads 'Upon quota reset' as the delivery date of an out-of-quota merge", async () => {
    server.scheduledDetail = scheduledCampaign({ nextScheduledRunTimestamp: null });
    renderPage('scheduled/s1');

    const dialog = await screen.findByRole('dialog', { name: 'Newsletter - December' });
    expect(await within(dialog).findByText('Upon quota reset')).toBeInTheDocument();
  });

  it("cancels after confirmation: DELETE, list refreshed, dialog closed, 'Mail merge cancelled.'", async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { router } = renderPage('scheduled/s1?x=1');
    const dialog = await screen.findByRole('dialog', { name: 'Newsletter - December' });
    await within(dialog).findByText('Emails');
    const listCallsBefore = calls(SCHEDULED_PATH).length;

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel mail merge' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`${PREFIX}/mail-merges/scheduled`));
    expect(router.state.location.search).toBe('?x=1');
    expect(calls('/api/v1/users/me/scheduledCampaigns/s1', 'DELETE')).toHaveLength(1);
    expect(calls(SCHEDULED_PATH).length).toBeGreaterThan(listCallsBefore);
    expect(getVisibleAlerts()).toEqual([
      expect.objectContaining({ tone: 'success', title: 'Mail merge cancelled.' }),
    ]);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows 'An error occurred. Please try again.' when the cancellation fails", async () => {
    server.deleteStatus = 500;
    const { router } = renderPage('scheduled/s1');
    const dialog = await screen.findByRole('dialog', { name: 'Newsletter - December' });
    await within(dialog).findByText('Emails');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel mail merge' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'An error occurred. Please try again.',
    );
    expect(router.state.location.pathname).toBe(`${PREFIX}/mail-merges/scheduled/s1`);
    expect(getVisibleAlerts()).toEqual([]);
  });

  it.each(['sent/c1', 'sent/c1/poll', 'scheduled/s1'])(
    'says a merge that is gone (404) is no longer available and leads back to the list: %s',
    async (path) => {
      server.detailGone = true;
      const { router } = renderPage(`${path}?x=1`);
      const dialog = await screen.findByRole('dialog');
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('This mail merge is no longer available.');
      expect(alert).not.toHaveTextContent('Something went wrong');
      expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

      await userEvent.click(within(dialog).getByRole('button', { name: 'Back to mail merges' }));
      const list = path.startsWith('sent') ? 'sent' : 'scheduled';
      await waitFor(() => expect(router.state.location.pathname).toBe(`${PREFIX}/mail-merges/${list}`));
      expect(router.state.location.search).toBe('?x=1');
    },
  );

  it('closes the dialog on the refreshed list when the merge is gone at cancel time (404)', async () => {
    server.deleteStatus = 404;
    const { router } = renderPage('scheduled/s1');
    const dialog = await screen.findByRole('dialog', { name: 'Newsletter - December' });
    await within(dialog).findByText('Emails');
    const listCallsBefore = calls(SCHEDULED_PATH).length;

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel mail merge' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(`${PREFIX}/mail-merges/scheduled`));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(SCHEDULED_PATH).length).toBeGreaterThan(listCallsBefore);
    expect(getVisibleAlerts()).toEqual([
      expect.objectContaining({ tone: 'warning', title: 'This mail merge is no longer available.' }),
    ]);
  });

  it('exports the sent merges as data: plain numbers, percentages as numbers, ISO 8601 UTC dates', async () => {
    const downloads = captureCsvDownloads();
    server.sent = {
      items: [
        sentCampaign({
          sentMessageSubject: '=Spring offer',
          lastUpdateTimestamp: Date.UTC(2026, 5, 26, 10, 15),
          eventCounts: {
            sentCount: 11920,
            bouncedCount: 100,
            openedCount: 5910,
            clickedCount: 1182,
            respondedCount: 1400,
            unsubscribedCount: 7,
          },
        }),
      ],
      total: 1,
    };
    renderPage('sent');
    await sentTable();
    await screen.findByText('11.920'); // the screen keeps the German grouping (spec 002 §9)

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toMatch(/^Exported_Mail_merges_\d{4}-\d{2}-\d{2}\.csv$/);
    const [text = ''] = await downloads.texts();
    expect(parseCsv(text)).toEqual([
      {
        'Sheet Name': 'Leads Q4 - Sheet1',
        Subject: "'=Spring offer",
        Sender: 'Olivia Owens',
        'Sender email': 'olivia@acme.test',
        Date: new Date('2026-06-26T10:15:00Z'),
        Sent: 11920,
        Delivered: 11820,
        'Opened %': 50,
        'Clicked %': 10,
        Responded: 1400,
        Unsubscribed: 7,
        Bounced: 100,
      },
    ]);
  });

  it('exports the scheduled merges as data: next run as ISO 8601 UTC (empty without one), numbers, status', async () => {
    const downloads = captureCsvDownloads();
    server.scheduled = {
      items: [
        scheduledCampaign({
          nextScheduledRunTimestamp: Date.UTC(2026, 11, 1, 9, 30),
          createTimestamp: Date.UTC(2026, 10, 20, 8, 0),
          eventCounts: { toSendCount: 2500, sentCount: 0 },
        }),
        scheduledCampaign({
          id: 's2',
          mergeSourceSheetName: 'Old leads',
          nextScheduledRunTimestamp: null,
          createTimestamp: Date.UTC(2026, 10, 19, 8, 0),
          status: 'SPREADSHEET DELETED',
          eventCounts: { toSendCount: 1192, sentCount: 0 },
        }),
      ],
      total: 2,
    };
    renderPage('scheduled');
    await screen.findByRole('table', { name: 'Scheduled mail merges' });
    await screen.findByText('2.500');

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toMatch(/^Exported_Scheduled_Mail_merges_\d{4}-\d{2}-\d{2}\.csv$/);
    const [text = ''] = await downloads.texts();
    expect(parseCsv(text)).toEqual([
      {
        'Sheet Name': 'Newsletter - December',
        'Next run': new Date('2026-12-01T09:30:00Z'),
        Emails: 2500,
        Sent: 0,
        Status: 'IN PROGRESS',
        Created: new Date('2026-11-20T08:00:00Z'),
      },
      {
        'Sheet Name': 'Newsletter - Old leads',
        'Next run': null,
        Emails: 1192,
        Sent: 0,
        Status: 'SPREADSHEET DELETED',
        Created: new Date('2026-11-19T08:00:00Z'),
      },
    ]);
  });
});
