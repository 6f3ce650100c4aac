import { and, eq } from 'drizzle-orm';
import {
  insertCampaigns,
  insertMonthlySentMails,
  insertPollResponses,
  insertPollResults,
  type NewCampaign,
} from '../modules/campaigns/campaigns.repo';
import {
  insertScheduledCampaigns,
  type NewScheduledCampaign,
} from '../modules/scheduled-campaigns/scheduled-campaigns.repo';
import type { Executor } from '../db/client';
import { campaignRecipients, monthlySentMails } from '../db/schema';
import { seededRandom } from './seed-content';
import { seedMergeRecipients } from './seed-recipients';

/**
 * Mail merges of shared/demo-data.md ("Content"): sent merges with their aggregate counters (and the
 * monthly counters behind the me call and the team report, kept consistent with them), the
 * "Customer survey — Q3" poll, and one scheduled merge per status. Deterministic, relative to `now`.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export const ACME_SALES_SENT_MERGES = 120;
export const LEGACY_TEAM_SENT_MERGES = 30;
/** The newest Acme Sales merges (by last update) have their recipients, one per mail sent. */
export const DEMO_MERGES_WITH_RECIPIENTS = 3;
/** The newest Acme Sales merge: recipients of every status, for the Recipients view. */
export const RECIPIENTS_DEMO_SUBJECT = 'Product launch: meet the new dashboard';
export const SURVEY_SUBJECT = 'Customer survey — Q3';
export const SURVEY_POLL: ReadonlyArray<{ info: string; share: number }> = [
  { info: 'Very satisfied', share: 0.38 },
  { info: 'Satisfied', share: 0.31 },
  { info: 'Neutral', share: 0.17 },
  { info: 'Dissatisfied', share: 0.09 },
  { info: 'Very dissatisfied', share: 0.05 },
];

const SUBJECTS = [
  'Quick question about your {team} plans',
  'Your invitation: product webinar next Thursday',
  'Following up on our call',
  'New pricing for {year}',
  'Thanks for visiting our booth!',
  'A special offer for our customers',
  'Monthly newsletter — {month}',
  'Can we help with your renewal?',
  'Case study: how teams save 5 hours a week',
  'Your account review',
  'Last chance: early-bird tickets',
  'Introducing our new dashboard',
] as const;
const SPREADSHEETS = [
  'Leads 2026',
  'Newsletter subscribers',
  'Webinar attendees',
  'Trade show contacts',
  'Customers EMEA',
  'Customers Americas',
  'Renewals',
  'Partner list',
] as const;
const SHEETS = ['Sheet1', 'Contacts', 'Leads', 'To contact', 'Follow-up', 'Imported'] as const;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

type Ids = { users: Record<string, string>; spaces: Record<string, string> };
type Random = () => number;

/** A slot: the merges one sender sent in one month, and how many mails they sent in total. */
type Slot = { email: string; monthsAgo: number; merges: number; total: number; sizes?: number[] };

export async function seedCampaigns(tx: Executor, now: Date, ids: Ids): Promise<void> {
  const random = seededRandom(20_261_122);
  await seedAcmeSales(tx, now, ids, random);
  await seedSpace(tx, now, ids, random, "Gina's space", [
    { email: 'gina@gmail.com', monthsAgo: 0, merges: 1, total: 18 },
    { email: 'gina@gmail.com', monthsAgo: 2, merges: 1, total: 12 },
  ]);
  // Legacy Team: 30 merges by its paid users over the last 10 months.
  const legacySenders = [
    'leo@legacy.test',
    'lara@legacy.test',
    'liam@legacy.test',
    'lucy@legacy.test',
    'luke@legacy.test',
  ];
  const legacySlots: Slot[] = [];
  for (let index = 0; index < LEGACY_TEAM_SENT_MERGES / 3; index += 1) {
    const merges = 3;
    legacySlots.push({
      email: legacySenders[index % legacySenders.length] ?? 'leo@legacy.test',
      monthsAgo: index,
      ...randomSizes(random, merges),
    });
  }
  await seedSpace(tx, now, ids, random, 'Legacy Team', legacySlots);
}

/**
 * Acme Sales: the months already in the monthly counters of seed.ts (the me call's figures) get
 * merges adding up to exactly those counts; adam and mia also get older history (up to 18 months)
 * whose monthly rows are added here. Olivia gets no older history because her me counters are
 * pinned by seed.ts.
 */
async function seedAcmeSales(tx: Executor, now: Date, ids: Ids, random: Random): Promise<void> {
  const workspaceId = requireId(ids.spaces, 'Acme Sales');
  const senders = ['olivia@acme.test', 'adam@acme.test', 'mia@acme.test'];
  const historySenders = new Set(['adam@acme.test', 'mia@acme.test']);
  const existing = await tx
    .select({
      userId: monthlySentMails.userId,
      year: monthlySentMails.year,
      month: monthlySentMails.month,
      count: monthlySentMails.count,
    })
    .from(monthlySentMails)
    .where(eq(monthlySentMails.workspaceId, workspaceId));
  const counted = new Map(existing.map((row) => [`${row.userId}:${row.year}-${row.month}`, row.count]));

  const slots: Slot[] = [];
  const historySlots: Array<{ email: string; monthsAgo: number }> = [];
  for (const email of senders) {
    const userId = requireId(ids.users, email);
    for (let monthsAgo = 0; monthsAgo < 18; monthsAgo += 1) {
      const { year, month } = monthOf(now, monthsAgo);
      const total = counted.get(`${userId}:${year}-${month}`);
      if (total !== undefined) {
        if (total >= 20) slots.push({ email, monthsAgo, merges: mergesFor(total), total });
      } else if (historySenders.has(email)) {
        historySlots.push({ email, monthsAgo });
      }
    }
  }
  const remaining = ACME_SALES_SENT_MERGES - slots.reduce((sum, slot) => sum + slot.merges, 0);
  const base = Math.floor(remaining / historySlots.length);
  const extra = remaining % historySlots.length;
  const newMonthly: Array<{ email: string; monthsAgo: number; total: number }> = [];
  for (const [index, slot] of historySlots.entries()) {
    const sized = randomSizes(random, base + (index < extra ? 1 : 0));
    slots.push({ ...slot, ...sized });
    newMonthly.push({ ...slot, total: sized.total });
  }
  await insertMonthlySentMails(
    tx,
    newMonthly.map(({ email, monthsAgo, total }) => ({
      ...monthOf(now, monthsAgo),
      count: total,
      workspaceId,
      userId: requireId(ids.users, email),
    })),
  );

  const merges = buildMerges(now, ids, random, workspaceId, slots);
  // The merge sent by someone else (spec 002 §8): adam's oldest one has no subject.
  const noSubject = merges.findLast((merge) => merge.userId === requireId(ids.users, 'adam@acme.test'));
  if (noSubject) noSubject.subject = null;
  // The survey: mia's merge three months ago, with a poll.
  const survey = merges.find(
    (merge) =>
      merge.userId === requireId(ids.users, 'mia@acme.test') &&
      merge.createdAt !== undefined &&
      isInMonth(merge.createdAt, monthOf(now, 3)),
  );
  if (!survey) throw new Error('demo seed: no merge for the survey');
  survey.subject = SURVEY_SUBJECT;
  survey.spreadsheetName = 'Customer survey';
  survey.sheetName = 'Q3 customers';
  const delivered = (survey.sentCount ?? 0) - (survey.bouncedCount ?? 0);
  const pollCounts = SURVEY_POLL.map(({ info, share }) => ({
    info,
    count: Math.round(delivered * 0.3 * share),
  }));
  survey.respondedCount = pollCounts.reduce((sum, { count }) => sum + count, 0);

  // Form-submission notifications: kept out of every merge list and counter.
  const formNotifications: NewCampaign[] = [0, 1].map((index) => ({
    workspaceId,
    userId: requireId(ids.users, 'olivia@acme.test'),
    subject: `New form response #${index + 1}`,
    mergeSourceSheetKey: `${sheetId(random)}-0`,
    spreadsheetName: 'Contact form (Responses)',
    sheetName: 'Form Responses 1',
    isFormNotification: true,
    createdAt: new Date(now.getTime() - (index + 1) * DAY_MS),
    lastUpdateAt: new Date(now.getTime() - (index + 1) * DAY_MS),
    lastEmailSentAt: new Date(now.getTime() - (index + 1) * DAY_MS),
    sentCount: 1,
  }));

  // The newest merges (by last update) get recipients; the newest of them is the Recipients demo
  // merge, with a known subject and at least one recipient of every kind but a form answer.
  const withRecipients = merges
    .filter((merge) => merge !== survey && merge !== noSubject)
    .sort((a, b) => (b.lastUpdateAt?.getTime() ?? 0) - (a.lastUpdateAt?.getTime() ?? 0))
    .slice(0, DEMO_MERGES_WITH_RECIPIENTS);
  const recipientsDemo = withRecipients[0];
  if (!recipientsDemo) throw new Error('demo seed: no merge for the recipients demo');
  recipientsDemo.subject = RECIPIENTS_DEMO_SUBJECT;
  recipientsDemo.bouncedCount = Math.max(recipientsDemo.bouncedCount ?? 0, 1);
  recipientsDemo.clickedCount = Math.min(
    recipientsDemo.openedCount ?? 0,
    Math.max(recipientsDemo.clickedCount ?? 0, 3),
  );
  recipientsDemo.unsubscribedCount = Math.max(recipientsDemo.unsubscribedCount ?? 0, 1);
  recipientsDemo.respondedCount = Math.max(recipientsDemo.respondedCount ?? 0, 2);

  const campaignIds = await insertCampaigns(tx, [...merges, ...formNotifications]);
  const surveyId = campaignIds[merges.indexOf(survey)];
  if (surveyId === undefined) throw new Error('demo seed: survey not inserted');
  await insertPollResults(
    tx,
    pollCounts.map((poll) => ({ campaignId: surveyId, ...poll })),
  );
  const surveySent = survey.lastEmailSentAt ?? now;
  await insertPollResponses(
    tx,
    ['Very satisfied', 'Satisfied', 'Very satisfied', 'Neutral', 'Satisfied'].map((value, index) => ({
      campaignId: surveyId,
      value,
      createdAt: new Date(surveySent.getTime() + (index + 1) * HOUR_MS),
    })),
  );
  // A few recipients of the survey (the tracking endpoints' demo rows).
  await tx.insert(campaignRecipients).values(
    ['anna.bauer@example.com', 'ben.costa@example.org', 'carla.dubois@example.net'].map((email, index) => ({
      campaignId: surveyId,
      email,
      trackingToken: token(random),
      sentAt: surveySent,
      firstOpenedAt: index < 2 ? new Date(surveySent.getTime() + (index + 1) * HOUR_MS) : null,
      respondedAt: index === 0 ? new Date(surveySent.getTime() + 2 * HOUR_MS) : null,
    })),
  );

  await insertScheduledCampaigns(tx, scheduledMerges(now, ids, random, workspaceId));

  // The newest merges get their recipients (the dialog's Recipients view).
  await seedMergeRecipients(
    tx,
    now,
    withRecipients.map((merge) => {
      const campaignId = campaignIds[merges.indexOf(merge)];
      if (campaignId === undefined) throw new Error('demo seed: merge not inserted');
      return {
        campaignId,
        sentAt: merge.lastEmailSentAt ?? now,
        sentCount: merge.sentCount ?? 0,
        openedCount: merge.openedCount ?? 0,
        clickedCount: merge.clickedCount ?? 0,
        bouncedCount: merge.bouncedCount ?? 0,
        unsubscribedCount: merge.unsubscribedCount ?? 0,
        respondedCount: merge.respondedCount ?? 0,
      };
    }),
  );
}

/** Other spaces: merges and the monthly counters they add up to. */
async function seedSpace(
  tx: Executor,
  now: Date,
  ids: Ids,
  random: Random,
  spaceName: string,
  slots: Slot[],
): Promise<void> {
  const workspaceId = requireId(ids.spaces, spaceName);
  const monthly = new Map<string, { userId: string; year: number; month: number; count: number }>();
  for (const slot of slots) {
    const userId = requireId(ids.users, slot.email);
    const { year, month } = monthOf(now, slot.monthsAgo);
    const key = `${userId}:${year}-${month}`;
    const entry = monthly.get(key) ?? { userId, year, month, count: 0 };
    entry.count += slot.total;
    monthly.set(key, entry);
  }
  const existing = await tx
    .select({ userId: monthlySentMails.userId })
    .from(monthlySentMails)
    .where(and(eq(monthlySentMails.workspaceId, workspaceId)));
  if (existing.length > 0) throw new Error(`demo seed: ${spaceName} already has monthly counters`);
  await insertMonthlySentMails(
    tx,
    [...monthly.values()].map((row) => ({ ...row, workspaceId })),
  );
  await insertCampaigns(tx, buildMerges(now, ids, random, workspaceId, slots));
}

function buildMerges(now: Date, ids: Ids, random: Random, workspaceId: string, slots: Slot[]): NewCampaign[] {
  const merges: NewCampaign[] = [];
  for (const slot of slots) {
    const userId = requireId(ids.users, slot.email);
    const { year, month } = monthOf(now, slot.monthsAgo);
    const monthStart = Date.UTC(year, month - 1, 1);
    const monthEnd = Math.min(Date.UTC(year, month, 1) - 1, now.getTime());
    for (const [index, sentCount] of (slot.sizes ?? splitTotal(random, slot.total, slot.merges)).entries()) {
      // Spread over the month, in order, so that a sender's merges do not share a timestamp.
      const span = Math.max(monthEnd - monthStart, 1);
      const created = monthStart + Math.floor(((index + random()) / slot.merges) * span * 0.9);
      const lastSent = Math.min(created + Math.floor(random() * 3 * HOUR_MS) + MINUTE_MS, now.getTime());
      const lastUpdate = Math.min(lastSent + Math.floor(random() * 4 * DAY_MS), now.getTime());
      const bouncedCount = random() < 0.6 ? Math.round(sentCount * random() * 0.05) : 0;
      const delivered = sentCount - bouncedCount;
      const openedCount = Math.round(delivered * (0.2 + random() * 0.5));
      const clickedCount = Math.min(openedCount, Math.round(delivered * random() * 0.2));
      const spreadsheetName = pick(random, SPREADSHEETS);
      merges.push({
        workspaceId,
        userId,
        subject: pick(random, SUBJECTS)
          .replace('{team}', 'team')
          .replace('{year}', String(year + 1))
          .replace('{month}', MONTH_NAMES[month - 1] ?? ''),
        mergeSourceSheetKey: `${sheetId(random)}-${Math.floor(random() * 2_000_000_000)}`,
        spreadsheetName,
        sheetName: pick(random, SHEETS),
        createdAt: new Date(created),
        lastUpdateAt: new Date(lastUpdate),
        lastEmailSentAt: new Date(lastSent),
        sentCount,
        openedCount,
        clickedCount,
        bouncedCount,
        unsubscribedCount: random() < 0.5 ? Math.round(delivered * random() * 0.02) : 0,
        respondedCount: random() < 0.4 ? Math.round(delivered * random() * 0.05) : 0,
      });
    }
  }
  return merges;
}

/** One scheduled merge of olivia per status of spec 002 §4.1, and a future one of adam. */
function scheduledMerges(now: Date, ids: Ids, random: Random, workspaceId: string): NewScheduledCampaign[] {
  const olivia = requireId(ids.users, 'olivia@acme.test');
  const at = (ms: number) => new Date(now.getTime() + ms);
  const merge = (
    sheetName: string,
    values: Partial<NewScheduledCampaign> & Pick<NewScheduledCampaign, 'status'>,
    createdAgoMs: number,
  ): NewScheduledCampaign => ({
    workspaceId,
    userId: olivia,
    mergeSourceSheetKey: `${sheetId(random)}-${Math.floor(random() * 2_000_000_000)}`,
    spreadsheetName: pick(random, SPREADSHEETS),
    sheetName,
    draftMessageId: `r${Math.floor(random() * 1e15)}`,
    toSendCount: 50 + Math.floor(random() * 900),
    createdAt: at(-createdAgoMs),
    ...values,
  });
  return [
    merge('December promotion', { status: 'IN PROGRESS', nextScheduledRunAt: at(2 * DAY_MS) }, DAY_MS),
    // Out of quota (§4.1): IN PROGRESS without a next run time; part of it is sent.
    merge(
      'Big announcement',
      { status: 'IN PROGRESS', nextScheduledRunAt: null, toSendCount: 1800, sentCount: 1500 },
      2 * DAY_MS,
    ),
    merge(
      'Renewal reminders',
      {
        status: 'UNKNOWN ERROR',
        error: 'UNKNOWN ERROR',
        errorDetails: 'Service invoked too many times for one day: gmail.',
        recoverableErrorRetries: 2,
        recoverableErrorLastRetryAt: at(-20 * MINUTE_MS),
        nextScheduledRunAt: at(40 * MINUTE_MS),
      },
      3 * DAY_MS,
    ),
    merge(
      'Webinar follow-up',
      {
        status: 'SHEET DELETED',
        error: 'SHEET DELETED',
        errorDetails: 'The sheet with id 1843920 does not exist.',
        recoverableErrorRetries: 1,
        recoverableErrorLastRetryAt: at(-10 * MINUTE_MS),
        nextScheduledRunAt: at(50 * MINUTE_MS),
      },
      4 * DAY_MS,
    ),
    merge(
      'Event invitations',
      { status: 'DRAFT NOT FOUND', error: 'DRAFT NOT FOUND', errorDetails: 'Draft not found.' },
      5 * DAY_MS,
    ),
    merge(
      'Partner update',
      { status: 'INVALID DRAFT', error: 'INVALID DRAFT', errorDetails: 'The draft could not be parsed.' },
      6 * DAY_MS,
    ),
    merge(
      'Long newsletter',
      {
        status: 'TOO COMPLEX REGEXP',
        error: 'TOO COMPLEX REGEXP',
        errorDetails: 'Regular expression too complex.',
      },
      7 * DAY_MS,
    ),
    merge(
      'Old leads',
      { status: 'SPREADSHEET DELETED', error: 'SPREADSHEET DELETED', errorDetails: 'Spreadsheet not found.' },
      8 * DAY_MS,
    ),
    merge(
      'Trade show contacts',
      {
        status: 'NAMED RANGE DELETED',
        error: 'NAMED RANGE DELETED',
        errorDetails: 'The named range of the email address column is gone.',
        // Every retry used up (§9: below 5 is recoverable): the non-retry message shows.
        recoverableErrorRetries: 5,
        recoverableErrorLastRetryAt: at(-3 * HOUR_MS),
      },
      9 * DAY_MS,
    ),
    merge(
      'Customer onboarding',
      {
        status: 'USER PROPERTY NOT FOUND',
        error: 'USER PROPERTY NOT FOUND',
        errorDetails: 'User property not found.',
      },
      10 * DAY_MS,
    ),
    // Adam's own scheduled merge: olivia neither sees nor cancels it (a merge belongs to its sender).
    {
      ...merge("Adam's follow-up", { status: 'IN PROGRESS', nextScheduledRunAt: at(3 * DAY_MS) }, DAY_MS),
      userId: requireId(ids.users, 'adam@acme.test'),
    },
  ];
}

function mergesFor(total: number): number {
  return Math.max(1, Math.min(3, Math.ceil(total / 500), Math.floor(total / 20)));
}

/** `merges` merges of 20–1,500 mails each (most of them small), and their total. */
function randomSizes(random: Random, merges: number): { merges: number; total: number; sizes: number[] } {
  const sizes = Array.from({ length: merges }, () => 20 + Math.floor(random() ** 2 * 1480));
  return { merges, total: sizes.reduce((a, b) => a + b, 0), sizes };
}

/** `total` split into `parts` sizes of at least 20, about even (mergesFor keeps them under 1,500). */
function splitTotal(random: Random, total: number, parts: number): number[] {
  const weights = Array.from({ length: parts }, () => 0.8 + 0.4 * random());
  const sum = weights.reduce((a, b) => a + b, 0);
  const spare = total - 20 * parts;
  const sizes = weights.map((weight) => 20 + Math.floor((spare * weight) / sum));
  const last = sizes.length - 1;
  sizes[last] = (sizes[last] ?? 0) + total - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

function isInMonth(date: Date, { year, month }: { year: number; month: number }): boolean {
  return date.getUTCFullYear() === year && date.getUTCMonth() + 1 === month;
}

function monthOf(now: Date, monthsAgo: number): { year: number; month: number } {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/** A Google-Sheets-like spreadsheet id (44 characters). */
function sheetId(random: Random): string {
  return Array.from({ length: 44 }, () => ID_ALPHABET[Math.floor(random() * 64)] ?? 'x').join('');
}

function token(random: Random): string {
  return Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
}

function pick<T>(random: Random, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('demo seed: empty list');
  return item;
}

function requireId(ids: Record<string, string>, key: string): string {
  const id = ids[key];
  if (id === undefined) throw new Error(`demo seed: unknown reference ${key}`);
  return id;
}
