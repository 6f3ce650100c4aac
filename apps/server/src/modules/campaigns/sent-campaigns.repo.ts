import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  campaignEvents,
  campaignLinks,
  campaignRecipients,
  campaigns,
  monthlySentMails,
} from '../../db/schema';
import { uuidArray } from '../../db/array-params';

/** Rows per INSERT statement: well below PostgreSQL's 65,535 parameters per statement. */
const CHUNK_SIZE = 2000;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK_SIZE)
    result.push(items.slice(start, start + CHUNK_SIZE));
  return result;
}

export type NewCampaign = {
  workspaceId: string;
  userId: string;
  subject: string | null;
  mergeSourceSheetKey: string;
  spreadsheetName: string;
  sheetName: string;
  isFormNotification: boolean;
  sentAt: Date;
  sentCount: number;
  /** Default: sentAt. Null for a merge the engine has yet to send. */
  lastEmailSentAt?: Date | null;
};

export async function insertCampaign(db: Executor, values: NewCampaign): Promise<{ id: string }> {
  const { sentAt, lastEmailSentAt = sentAt, ...rest } = values;
  const [row] = await db
    .insert(campaigns)
    .values({ ...rest, createdAt: sentAt, lastUpdateAt: sentAt, lastEmailSentAt })
    .returning({ id: campaigns.id });
  if (!row) throw new Error('insert into campaigns returned no row');
  return row;
}

export type NewRecipient = { id: string; email: string; trackingToken: string };

/**
 * The recipients of a sent merge with their 'sent' events. The events are written already
 * aggregated: sent_count is set in the same transaction (the counter is right at once).
 */
export async function insertSentRecipients(
  db: Executor,
  campaignId: string,
  recipients: readonly NewRecipient[],
  sentAt: Date,
): Promise<void> {
  for (const chunk of chunks(recipients)) {
    await db
      .insert(campaignRecipients)
      .values(chunk.map((recipient) => ({ ...recipient, campaignId, sentAt })));
    await db.insert(campaignEvents).values(
      chunk.map((recipient) => ({
        campaignId,
        recipientId: recipient.id,
        type: 'sent' as const,
        occurredAt: sentAt,
        aggregated: true,
      })),
    );
  }
}

export async function insertCampaignLinks(
  db: Executor,
  campaignId: string,
  links: readonly { linkIndex: number; url: string }[],
): Promise<void> {
  for (const chunk of chunks(links)) {
    await db.insert(campaignLinks).values(chunk.map((link) => ({ ...link, campaignId })));
  }
}

/** The host of a stored (normalised) link: a bracketed IPv6 address, or up to the port or path. */
const HOST_OF_URL = '^[a-z]+://(\\[[^]]*\\]|[^/:?#]*)';

/**
 * The distinct link hosts the space's merges registered since `since` (tracking/link-hosts.ts),
 * after taking the space's link-host lock: two registrations of one space are counted one after
 * the other, so parallel merges cannot both slip under the limit. Links are stored normalised
 * (lower-case punycode host), so the host is the href's authority without its port.
 */
export async function lockAndFindLinkHostsSince(
  db: Executor,
  workspaceId: string,
  since: Date,
): Promise<string[]> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`link-hosts:${workspaceId}`}, 0))`);
  const rows = await db
    .selectDistinct({
      host: sql<string>`substring(${campaignLinks.url} from ${HOST_OF_URL}::text)`,
    })
    .from(campaignLinks)
    .innerJoin(campaigns, eq(campaigns.id, campaignLinks.campaignId))
    .where(and(eq(campaigns.workspaceId, workspaceId), sql`${campaigns.createdAt} > ${since}`));
  return rows.map((row) => row.host);
}

/** The me call's counters (spec 002 §3 "User counters"): mails sent per user, space and month. */
export async function addMonthlySentMails(db: Executor, entry: MonthlySentMails): Promise<void> {
  await monthlySentMailsAdded(db, entry);
}

type MonthlySentMails = { workspaceId: string; userId: string; year: number; month: number; count: number };

/** The statement adding `entry.count` to the month's sent mails (awaited, or a part of another). */
function monthlySentMailsAdded(db: Executor, entry: MonthlySentMails) {
  return db
    .insert(monthlySentMails)
    .values(entry)
    .onConflictDoUpdate({
      target: [
        monthlySentMails.workspaceId,
        monthlySentMails.userId,
        monthlySentMails.year,
        monthlySentMails.month,
      ],
      set: { count: sql`${monthlySentMails.count} + excluded.count` },
    });
}

/** A merge the user sent, or undefined (someone else's, or unknown). */
export async function findOwnCampaign(
  db: Executor,
  campaignId: string,
  userId: string,
): Promise<{ id: string; workspaceId: string } | undefined> {
  const [row] = await db
    .select({ id: campaigns.id, workspaceId: campaigns.workspaceId })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)))
    .limit(1);
  return row;
}

export async function findRecipientIdsByEmail(
  db: Executor,
  campaignId: string,
  emails: readonly string[],
): Promise<string[]> {
  const rows = await db
    .select({ id: campaignRecipients.id })
    .from(campaignRecipients)
    .where(
      and(eq(campaignRecipients.campaignId, campaignId), inArray(campaignRecipients.email, [...emails])),
    );
  return rows.map((row) => row.id);
}

/** Events the aggregation job folds into the counters (bounces and replies the add-on reports). */
export async function insertRecipientEvents(
  db: Executor,
  campaignId: string,
  recipientIds: readonly string[],
  type: 'bounced' | 'responded',
): Promise<number> {
  if (recipientIds.length === 0) return 0;
  await db
    .insert(campaignEvents)
    .values(recipientIds.map((recipientId) => ({ campaignId, recipientId, type })));
  return recipientIds.length;
}

/**
 * The recipients of a merge the engine sends (issue 24): stored before anything is sent, without
 * sentAt and without events; each send records itself (recordEngineSend). The ids are the
 * engine's recipient ids.
 */
export async function insertQueuedRecipients(
  db: Executor,
  campaignId: string,
  recipients: readonly NewRecipient[],
): Promise<void> {
  for (const chunk of chunks(recipients)) {
    await db.insert(campaignRecipients).values(chunk.map((recipient) => ({ ...recipient, campaignId })));
  }
}

/**
 * Messages the engine handed to Gmail: the recipients' sentAt, the campaign's sent_count and last
 * send, the 'sent' events (already counted) and the sender's monthly counter, in the caller's
 * transaction.
 */
export async function recordEngineSends(
  db: Executor,
  sends: {
    campaignId: string;
    recipientIds: readonly string[];
    workspaceId: string;
    userId: string;
    sentAt: Date;
  },
): Promise<void> {
  const { campaignId, recipientIds, sentAt } = sends;
  if (recipientIds.length === 0) return;
  const ids = uuidArray(recipientIds);
  const recipientsSent = db
    .update(campaignRecipients)
    .set({ sentAt })
    .where(and(sql`${campaignRecipients.id} = any(${ids})`, eq(campaignRecipients.campaignId, campaignId)));
  const counted = db
    .update(campaigns)
    .set({
      sentCount: sql`${campaigns.sentCount} + ${recipientIds.length}`,
      lastEmailSentAt: sentAt,
      lastUpdateAt: sentAt,
    })
    .where(eq(campaigns.id, campaignId));
  const monthly = monthlySentMailsAdded(db, {
    workspaceId: sends.workspaceId,
    userId: sends.userId,
    year: sentAt.getUTCFullYear(),
    month: sentAt.getUTCMonth() + 1,
    count: recipientIds.length,
  });
  // One statement, one round trip for a batch (the engine records one per batch of up to 200):
  // PostgreSQL runs every data-modifying WITH part in full, read or not, on separate tables here.
  await db.execute(sql`
    with recipients_sent as (${recipientsSent.getSQL()}),
      counted as (${counted.getSQL()}),
      monthly as (${monthly.getSQL()})
    insert into ${campaignEvents} (campaign_id, recipient_id, type, occurred_at, aggregated)
    select ${campaignId}::uuid, recipient_id, 'sent', ${sentAt}, true from unnest(${ids}) as recipient_id`);
}
