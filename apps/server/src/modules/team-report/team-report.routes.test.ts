import {
  TEAM_REPORT_FORBIDDEN_MESSAGE,
  TEAM_REPORT_STATUS_FILTER_MESSAGE,
  type TeamMemberList,
} from '@mergedesk/domain/api/team-report';
import { and, eq, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, monthlySentMails } from '../../db/schema';
import { bearer } from '../../test/test-app';
import { apiPath } from '../../test/api-path';
import { useSeededTestApp } from '../../test/seeded-app';
import { SPACE_NOT_FOUND_MESSAGE } from '../../lib/access';
import { lastThirtyDaysWindow } from './team-report.service';

describe('lastThirtyDaysWindow (spec 002 §2.5: the month card is the last 30 days)', () => {
  it.each([
    // 10 days into November: 20 of October's 31 days are inside the 30 days.
    ['2026-11-11T00:00:00Z', { year: 2026, month: 11 }, { year: 2026, month: 10 }, 20 / 31],
    // January reaches back into December of the year before.
    ['2027-01-16T00:00:00Z', { year: 2027, month: 1 }, { year: 2026, month: 12 }, 15 / 31],
    // 30 days or more into a month: the previous month is outside.
    ['2026-10-31T12:00:00Z', { year: 2026, month: 10 }, { year: 2026, month: 9 }, 0],
  ])('at %s', (now, current, previous, share) => {
    const window = lastThirtyDaysWindow(new Date(now));
    expect(window.current).toEqual(current);
    expect(window.previous).toEqual(previous);
    expect(window.previousShare).toBeCloseTo(share, 10);
  });
});

describe('team report API', () => {
  const now = new Date();
  const t = useSeededTestApp({ now });

  const space = t.space;
  const get = async (email: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer(await t.signIn(email)) });
  const members = async (email: string, spaceName: string, query = '') =>
    get(email, apiPath('teamReport.members', { id: space(spaceName) }, query));
  const summary = async (email: string, spaceName: string) =>
    get(email, apiPath('teamReport.summary', { id: space(spaceName) }));

  /** The expected figures, straight from the monthly counters and the merges. */
  const expectedFigures = async (spaceName: string, userId: string) => {
    const rows = await t.db
      .select({ year: monthlySentMails.year, month: monthlySentMails.month, count: monthlySentMails.count })
      .from(monthlySentMails)
      .where(and(eq(monthlySentMails.workspaceId, space(spaceName)), eq(monthlySentMails.userId, userId)));
    const window = lastThirtyDaysWindow(new Date());
    const of = ({ year, month }: { year: number; month: number }) =>
      rows.find((row) => row.year === year && row.month === month)?.count ?? 0;
    const [last] = await t.db
      .select({ value: max(campaigns.lastEmailSentAt) })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.workspaceId, space(spaceName)),
          eq(campaigns.userId, userId),
          eq(campaigns.isFormNotification, false),
        ),
      );
    return {
      emailSentAllTime: rows.reduce((sum, row) => sum + row.count, 0),
      emailSentThisMonth: of(window.current) + Math.round(of(window.previous) * window.previousShare),
      lastEmailSentTimestamp: last?.value ? new Date(last.value).getTime() : null,
    };
  };

  describe('GET /api/workspaces/{id}/team-report/members', () => {
    it('lists the ACTIVE and LEGACY members with their figures, by name', async () => {
      const response = await members(
        'olivia@acme.test',
        'Acme Sales',
        '?filterBy=memberStatus:ACTIVE,memberStatus:LEGACY',
      );
      expect(response.statusCode).toBe(200);
      const body = response.json<TeamMemberList>();
      expect(body.total).toBe(4);
      expect(body.items.map((item) => item.userEmail)).toEqual([
        'adam@acme.test',
        'fred@acme.test',
        'mia@acme.test',
        'olivia@acme.test',
      ]);
      const olivia = body.items[3]!;
      expect(olivia).toEqual({
        userId: t.demo.users['olivia@acme.test'],
        userName: 'Olivia Owens',
        userEmail: 'olivia@acme.test',
        userProfilePictureUrl: null,
        memberStatus: 'ACTIVE',
        ...(await expectedFigures('Acme Sales', t.demo.users['olivia@acme.test']!)),
      });
      // seed.ts pins olivia's monthly counters (the me call): 4,463 mails.
      expect(olivia.emailSentAllTime).toBe(4463);
      expect(body.items[1]).toMatchObject({
        userEmail: 'fred@acme.test',
        emailSentAllTime: 0,
        emailSentThisMonth: 0,
        lastEmailSentTimestamp: null,
      });
    });

    it('sorts by a figure, searches and pages in SQL', async () => {
      const sorted = (
        await members(
          'adam@acme.test',
          'Acme Sales',
          '?filterBy=memberStatus:ACTIVE&sortBy=emailSentAllTime:desc&limit=2',
        )
      ).json<TeamMemberList>();
      expect(sorted.total).toBe(4);
      expect(sorted.items).toHaveLength(2);
      expect(sorted.items[0]!.emailSentAllTime).toBeGreaterThanOrEqual(sorted.items[1]!.emailSentAllTime);
      const searched = (
        await members('adam@acme.test', 'Acme Sales', '?filterBy=search:MIA')
      ).json<TeamMemberList>();
      expect(searched.items.map((item) => item.userEmail)).toEqual(['mia@acme.test']);
    });

    it('answers 400 for unknown keys and statuses', async () => {
      const key = await members('olivia@acme.test', 'Acme Sales', '?filterBy=userRole:OWNER');
      expect(key.statusCode).toBe(400);
      expect(key.json()).toMatchObject({ message: "Unknown filter key 'userRole'." });
      const status = await members('olivia@acme.test', 'Acme Sales', '?filterBy=memberStatus:GONE');
      expect(status.statusCode).toBe(400);
      expect(status.json()).toMatchObject({ message: TEAM_REPORT_STATUS_FILTER_MESSAGE });
      const sort = await members('olivia@acme.test', 'Acme Sales', '?sortBy=quota:asc');
      expect(sort.json()).toMatchObject({ message: "Unknown sort key 'quota'." });
    });

    it('answers 403 without canAccessTeamReport and 404 for another space', async () => {
      const forbidden = await members('gina@gmail.com', "Gina's space");
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN', message: TEAM_REPORT_FORBIDDEN_MESSAGE });
      const other = await members('leo@legacy.test', 'Acme Sales');
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ message: SPACE_NOT_FOUND_MESSAGE });
    });
  });

  describe('GET /api/workspaces/{id}/team-report/summary', () => {
    it('sums the monthly counters of the space and counts its active users', async () => {
      const response = await summary('mia@acme.test', 'Acme Sales');
      expect(response.statusCode).toBe(200);
      const figures = await Promise.all(
        ['olivia@acme.test', 'adam@acme.test', 'mia@acme.test'].map((email) =>
          expectedFigures('Acme Sales', t.demo.users[email]!),
        ),
      );
      expect(response.json()).toEqual({
        activeUserCount: 4,
        emailSentAllTime: figures.reduce((sum, figure) => sum + figure.emailSentAllTime, 0),
        emailSentThisMonth: expect.any(Number) as number,
      });
      const thisMonth = response.json<{ emailSentThisMonth: number }>().emailSentThisMonth;
      // Rounded per member, as the rows are (issue 9).
      expect(thisMonth).toBe(figures.reduce((sum, figure) => sum + figure.emailSentThisMonth, 0));
    });

    it('counts Legacy Team members and its 30 merges', async () => {
      const body = (await summary('leo@legacy.test', 'Legacy Team')).json<{ activeUserCount: number }>();
      expect(body.activeUserCount).toBeGreaterThan(0);
    });

    it('answers 403 without canAccessTeamReport and 404 for another space', async () => {
      const forbidden = await summary('gina@gmail.com', "Gina's space");
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({ message: TEAM_REPORT_FORBIDDEN_MESSAGE });
      const other = await summary('gina@gmail.com', 'Legacy Team');
      expect(other.statusCode).toBe(404);
    });

    it('equals the sum of the rows it sits above, also with a disabled member who sent (issue 9)', async () => {
      const thisMonth = { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1 };
      const previous = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
      await t.db
        .insert(monthlySentMails)
        .values([
          {
            workspaceId: space('Acme Sales'),
            userId: t.demo.users['dora@acme.test']!,
            ...thisMonth,
            count: 7,
          },
          {
            workspaceId: space('Acme Sales'),
            userId: t.demo.users['dora@acme.test']!,
            year: previous.getUTCFullYear(),
            month: previous.getUTCMonth() + 1,
            count: 333,
          },
        ])
        .onConflictDoNothing();
      for (const email of ['olivia@acme.test', 'mia@acme.test', 'leo@legacy.test']) {
        const spaceName = email === 'leo@legacy.test' ? 'Legacy Team' : 'Acme Sales';
        const rows = (
          await members(email, spaceName, '?filterBy=memberStatus:ACTIVE,memberStatus:LEGACY&limit=1000')
        ).json<TeamMemberList>();
        const body = (await summary(email, spaceName)).json<{
          activeUserCount: number;
          emailSentAllTime: number;
          emailSentThisMonth: number;
        }>();
        expect(body).toEqual({
          activeUserCount: rows.total,
          emailSentAllTime: rows.items.reduce((sum, row) => sum + row.emailSentAllTime, 0),
          emailSentThisMonth: rows.items.reduce((sum, row) => sum + row.emailSentThisMonth, 0),
        });
      }
    });
  });
});
