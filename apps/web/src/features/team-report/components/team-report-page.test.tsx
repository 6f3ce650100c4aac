import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TeamMember, TeamMemberList, TeamSummary } from '@mergedesk/domain/api/team-report';
import { requestUrl, stubFetch } from '../../../test/fetch-stub';
import { ACME_SALES_ID, jsonResponse } from '../../../test/fixtures';
import { parseCsv } from '../../../test/csv';
import { renderRoutes } from '../../../test/render';
import { TeamReportPage } from './team-report-page';

const PATH = `/${ACME_SALES_ID}/acme-sales/team-report`;

const member = (overrides: Partial<TeamMember> = {}): TeamMember => ({
  userId: 'bbbbbbbb-0000-4000-8000-000000000001',
  userName: 'Olivia Owens',
  userEmail: 'olivia@acme.test',
  lastEmailSentTimestamp: Date.UTC(2026, 2, 3, 12), // March 3rd in any zone within ±11 h
  emailSentThisMonth: 1234,
  emailSentAllTime: 1234567,
  userProfilePictureUrl: null,
  memberStatus: 'ACTIVE',
  ...overrides,
});

const summary: TeamSummary = { activeUserCount: 2, emailSentAllTime: 1500000, emailSentThisMonth: 12345 };

type Answers = { summary?: Response; members?: Response };

const fetchMock = stubFetch();
function answer({ summary: summaryResponse, members }: Answers) {
  fetchMock.mockImplementation((input) => {
    const url = requestUrl(input);
    if (url.includes('/team-report/summary')) {
      return Promise.resolve(summaryResponse?.clone() ?? jsonResponse(200, summary));
    }
    if (url.includes('/team-report/members')) {
      return Promise.resolve(members?.clone() ?? jsonResponse(200, { items: [], total: 0 }));
    }
    return Promise.resolve(jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found', errors: [] }));
  });
}
const memberList = (items: TeamMember[], total = items.length): Response =>
  jsonResponse(200, { items, total } satisfies TeamMemberList);
const forbidden = (): Response =>
  jsonResponse(403, {
    code: 'FORBIDDEN',
    message: 'You do not have access to the team report of this space.',
    errors: [],
  });

const memberRequests = () =>
  fetchMock.mock.calls.map(([input]) => requestUrl(input)).filter((url) => url.includes('/members'));

afterEach(() => {
  vi.restoreAllMocks();
});

const renderReport = () =>
  renderRoutes([{ path: '/:workspaceId/:workspaceSlug/team-report', element: <TeamReportPage /> }], PATH);

describe('TeamReportPage (spec 002 §2.5)', () => {
  it('has its title and heading', async () => {
    answer({});
    renderReport();
    expect(screen.getByRole('heading', { level: 1, name: 'Team report' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Team report | MergeDesk'));
  });

  it('shows skeletons while the report loads', () => {
    fetchMock.mockReturnValue(new Promise<Response>(() => undefined));
    renderReport();
    expect(screen.getByRole('group', { name: 'Active users' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('table', { name: 'Team members' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('There are no users in this team')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('shows the summary in German number format, the month card labelled as the last 30 days', async () => {
    answer({ members: memberList([member()]) });
    renderReport();

    const card = (name: string) => screen.getByRole('group', { name });
    await waitFor(() => expect(within(card('Active users')).getByText('2')).toBeInTheDocument());
    expect(within(card('Emails sent by the team all time')).getByText('1.500.000')).toBeInTheDocument();
    expect(
      within(card('Emails sent by the team in the last 30 days')).getByText('12.345'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/this month/i)).not.toBeInTheDocument();
  });

  it('lists the members with initials, long dates and German numbers', async () => {
    answer({
      members: memberList([
        member(),
        member({
          userId: 'bbbbbbbb-0000-4000-8000-000000000002',
          userName: 'Mark van der Berg',
          userEmail: 'mark@acme.test',
          lastEmailSentTimestamp: null,
          emailSentThisMonth: 0,
          emailSentAllTime: 10000,
          memberStatus: 'LEGACY',
        }),
      ]),
    });
    renderReport();

    const table = await screen.findByRole('table', { name: 'Team members' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['OOOlivia Owens', 'olivia@acme.test', 'March 3rd, 2026', '1.234', '1.234.567']);
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['MVMark van der Berg', 'mark@acme.test', 'Never', '0', '10.000']);
    expect(within(table).getByRole('columnheader', { name: 'Sent in the last 30 days' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );

    const url = new URL(memberRequests()[0]!, 'http://localhost');
    expect(url.pathname).toBe(`/api/workspaces/${ACME_SALES_ID}/team-report/members`);
    expect(url.searchParams.get('filterBy')).toBe('memberStatus:ACTIVE,memberStatus:LEGACY');
    expect(url.searchParams.get('sortBy')).toBe('emailSentThisMonth:desc');
    expect(url.searchParams.get('limit')).toBe('25');
    expect(url.searchParams.get('limitOffset')).toBe('0');
  });

  it('sorts by a column header and says so with aria-sort', async () => {
    answer({ members: memberList([member()]) });
    renderReport();
    const table = await screen.findByRole('table', { name: 'Team members' });
    await within(table).findByText('olivia@acme.test');

    await userEvent.click(within(table).getByRole('button', { name: 'Name' }));

    expect(within(table).getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(within(table).getByRole('columnheader', { name: 'Sent in the last 30 days' })).toHaveAttribute(
      'aria-sort',
      'none',
    );
    await waitFor(() => expect(memberRequests().at(-1)).toContain('sortBy=userName%3Aasc'));
  });

  it('pages by 25', async () => {
    answer({ members: memberList([member()], 60) });
    renderReport();
    await userEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(memberRequests().at(-1)).toContain('limitOffset=50'));
  });

  it("shows 'There are no users in this team' when the list is empty", async () => {
    answer({ members: memberList([]) });
    renderReport();
    expect(await screen.findByText('There are no users in this team')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the not-authorized view on a 403', async () => {
    answer({ summary: forbidden(), members: forbidden() });
    renderReport();
    expect(await screen.findByText('You are not authorized to see this page')).toBeInTheDocument();
    expect(screen.getByText('You do not have access to the team report of this space.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the members cannot be loaded', async () => {
    answer({
      members: jsonResponse(500, { code: 'INTERNAL', message: 'An internal error occurred.', errors: [] }),
    });
    renderReport();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong.');
    answer({ members: memberList([member()]) });
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('olivia@acme.test')).toBeInTheDocument();
  });

  it('exports every member to Exported_Users_{date}.csv: neutralised formulas, plain numbers, ISO dates', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:export';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    answer({ members: memberList([member({ userName: '=HYPERLINK("x")' })]) });
    renderReport();
    await screen.findByText('olivia@acme.test');

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toMatch(/^Exported_Users_\d{4}-\d{2}-\d{2}\.csv$/);
    const exportUrl = new URL(memberRequests().at(-1)!, 'http://localhost');
    expect(exportUrl.searchParams.get('limit')).toBe('30000');
    expect(exportUrl.searchParams.get('filterBy')).toBe('memberStatus:ACTIVE,memberStatus:LEGACY');
    const text = await created[0]!.text();
    expect(parseCsv(text)).toEqual([
      {
        Name: `'=HYPERLINK("x")`,
        Email: 'olivia@acme.test',
        'Last email sent': new Date('2026-03-03T12:00:00Z'),
        'Sent in the last 30 days': 1234,
        'Sent all time': 1234567,
      },
    ]);
  });
});
