import {
  MERGE_OVER_STATUSES,
  type MergeStatus,
  type RecipientSendStatus,
} from '@mergedesk/domain/sending/recipients';
import { and, asc, count, eq, gt, inArray, lt, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mergeRecipients, merges, senderPace, type StoredMergeOptions } from '../../db/schema';
import { textArray, uuidArray } from '../../db/array-params';

/** Rows per INSERT statement: well below PostgreSQL's 65,535 parameters per statement. */
const CHUNK_SIZE = 2000;

export type MergeRow = {
  id: string;
  workspaceId: string;
  userId: string;
  campaignId: string | null;
  scheduledCampaignId: string | null;
  scheduledCampaignKey: string | null;
  mergeSourceSheetKey: string;
  spreadsheetName: string;
  sheetName: string;
  subject: string;
  htmlBody: string;
  options: StoredMergeOptions;
  status: MergeStatus;
  scheduledAt: Date | null;
  nextRunAt: Date | null;
  startedAt: Date | null;
  error: string | null;
  errorTries: number;
  lastErrorAt: Date | null;
};

/** Options added after merges were first stored, with their defaults (mergeOptionsSchema's). */
const STORED_OPTION_DEFAULTS = sql`'{"unsubscribeLink": true}'::jsonb`;

const mergeColumns = {
  id: merges.id,
  workspaceId: merges.workspaceId,
  userId: merges.userId,
  campaignId: merges.campaignId,
  scheduledCampaignId: merges.scheduledCampaignId,
  scheduledCampaignKey: merges.scheduledCampaignKey,
  mergeSourceSheetKey: merges.mergeSourceSheetKey,
  spreadsheetName: merges.spreadsheetName,
  sheetName: merges.sheetName,
  subject: merges.subject,
  htmlBody: merges.htmlBody,
  // A merge stored before an option existed reads with the option's default (jsonb `||`: the
  // stored keys win): `unsubscribeLink` (issue 25) is on, as mergeOptionsSchema's default.
  options: sql<StoredMergeOptions>`${STORED_OPTION_DEFAULTS} || ${merges.options}`.mapWith(merges.options),
  status: merges.status,
  scheduledAt: merges.scheduledAt,
  nextRunAt: merges.nextRunAt,
  startedAt: merges.startedAt,
  error: merges.error,
  errorTries: merges.errorTries,
  lastErrorAt: merges.lastErrorAt,
} satisfies Record<keyof MergeRow, unknown>;

export type NewMerge = Omit<
  MergeRow,
  'id' | 'startedAt' | 'error' | 'errorTries' | 'lastErrorAt' | 'nextRunAt'
> & { nextRunAt: Date };

export async function insertMerge(db: Executor, values: NewMerge): Promise<{ id: string }> {
  const [row] = await db.insert(merges).values(values).returning({ id: merges.id });
  if (!row) throw new Error('insert into merges returned no row');
  return row;
}

export type NewMergeRecipient = {
  id: string;
  index: number;
  email: string;
  isGmailAddress: boolean;
  fields: Record<string, string>;
  status: 'QUEUED' | 'SKIPPED';
  reason: string | null;
};

export async function insertMergeRecipients(
  db: Executor,
  merge: { id: string; userId: string; workspaceId: string },
  recipients: readonly NewMergeRecipient[],
): Promise<void> {
  for (let start = 0; start < recipients.length; start += CHUNK_SIZE) {
    await db.insert(mergeRecipients).values(
      recipients.slice(start, start + CHUNK_SIZE).map((recipient) => ({
        ...recipient,
        mergeId: merge.id,
        userId: merge.userId,
        workspaceId: merge.workspaceId,
      })),
    );
  }
}

export async function findMerge(db: Executor, mergeId: string): Promise<MergeRow | undefined> {
  const [row] = await db.select(mergeColumns).from(merges).where(eq(merges.id, mergeId)).limit(1);
  return row;
}

/** A merge by its own id, its campaign's or its scheduled merge's. */
export async function findMergeByAnyId(db: Executor, id: string): Promise<MergeRow | undefined> {
  const [row] = await db
    .select(mergeColumns)
    .from(merges)
    .where(or(eq(merges.id, id), eq(merges.campaignId, id), eq(merges.scheduledCampaignKey, id)))
    .limit(1);
  return row;
}

/** What a reservation checks of its merge: cancelled, or a scheduled merge whose row is gone. */
export type MergeState = Pick<MergeRow, 'status' | 'scheduledAt' | 'scheduledCampaignId'>;

/** The merge's state, its row locked FOR SHARE (a reservation: a cancel waits for it). */
export async function lockMergeState(db: Executor, mergeId: string): Promise<MergeState | undefined> {
  const [row] = await db
    .select({
      status: merges.status,
      scheduledAt: merges.scheduledAt,
      scheduledCampaignId: merges.scheduledCampaignId,
    })
    .from(merges)
    .where(eq(merges.id, mergeId))
    .for('share');
  return row;
}

/** The merge row, locked FOR SHARE (a reservation) or FOR UPDATE (a cancel, a status change). */
export async function lockMerge(
  db: Executor,
  mergeId: string,
  strength: 'share' | 'update',
): Promise<MergeRow | undefined> {
  const query = db.select(mergeColumns).from(merges).where(eq(merges.id, mergeId));
  const [row] = await (strength === 'share' ? query.for('share') : query.for('update'));
  return row;
}

export type MergeUpdate = Partial<
  Pick<
    MergeRow,
    | 'status'
    | 'nextRunAt'
    | 'startedAt'
    | 'campaignId'
    | 'scheduledCampaignId'
    | 'scheduledCampaignKey'
    | 'scheduledAt'
    | 'error'
    | 'errorTries'
    | 'lastErrorAt'
  > & { finishedAt: Date | null; cancelledAt: Date | null }
>;

/**
 * A merge without a schedule (its campaign made with it) starts or resumes sending: SENDING,
 * started once, in one statement. Nothing when it is over (or gone): undefined.
 */
export async function markMergeSending(
  db: Executor,
  mergeId: string,
  at: Date,
): Promise<{ status: MergeStatus; startedAt: Date | null } | undefined> {
  const [row] = await db
    .update(merges)
    .set({ status: 'SENDING', startedAt: sql`coalesce(${merges.startedAt}, ${at})`, updatedAt: sql`now()` })
    .where(and(eq(merges.id, mergeId), notInArray(merges.status, [...MERGE_OVER_STATUSES])))
    .returning({ status: merges.status, startedAt: merges.startedAt });
  return row;
}

/** A merge without a schedule is DONE, in one statement, unless it was cancelled meanwhile. */
export async function markMergeDone(db: Executor, mergeId: string, at: Date): Promise<void> {
  await db
    .update(merges)
    .set({ status: 'DONE', nextRunAt: null, finishedAt: at, updatedAt: sql`now()` })
    .where(and(eq(merges.id, mergeId), ne(merges.status, 'CANCELLED')));
}

export async function updateMerge(db: Executor, mergeId: string, values: MergeUpdate): Promise<void> {
  await db
    .update(merges)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(merges.id, mergeId));
}

export type MergeCounts = Record<RecipientSendStatus, number>;

export async function countRecipients(db: Executor, mergeId: string): Promise<MergeCounts> {
  const rows = await db
    .select({ status: mergeRecipients.status, count: count() })
    .from(mergeRecipients)
    .where(eq(mergeRecipients.mergeId, mergeId))
    .groupBy(mergeRecipients.status);
  const counts: MergeCounts = { QUEUED: 0, SENDING: 0, SENT: 0, SKIPPED: 0, FAILED: 0, CANCELLED: 0 };
  for (const row of rows) counts[row.status] = row.count;
  return counts;
}

export type MergeRecipientRow = {
  id: string;
  index: number;
  email: string;
  fields: Record<string, string>;
  status: RecipientSendStatus;
  reason: string | null;
  attempts: number;
  handedAt: Date | null;
  sentAt: Date | null;
};

const recipientColumns = {
  id: mergeRecipients.id,
  index: mergeRecipients.index,
  email: mergeRecipients.email,
  fields: mergeRecipients.fields,
  status: mergeRecipients.status,
  reason: mergeRecipients.reason,
  attempts: mergeRecipients.attempts,
  handedAt: mergeRecipients.handedAt,
  sentAt: mergeRecipients.sentAt,
} satisfies Record<keyof MergeRecipientRow, unknown>;

/** A page of the merge's recipients after `afterIndex`, in sheet order (keyset on index). */
export async function recipientsAfter(
  db: Executor,
  mergeId: string,
  afterIndex: number,
  limit: number,
): Promise<MergeRecipientRow[]> {
  return db
    .select(recipientColumns)
    .from(mergeRecipients)
    .where(and(eq(mergeRecipients.mergeId, mergeId), gt(mergeRecipients.index, afterIndex)))
    .orderBy(asc(mergeRecipients.index))
    .limit(limit);
}

/** Every recipient of the merge (the campaign is created from them when a scheduled merge starts). */
export async function allRecipients(db: Executor, mergeId: string): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: mergeRecipients.id, email: mergeRecipients.email })
    .from(mergeRecipients)
    .where(eq(mergeRecipients.mergeId, mergeId))
    .orderBy(asc(mergeRecipients.index));
}

/** Recipients by id, the ids as one array parameter (a batch of the engine's hot path). */
const idIn = (recipientIds: readonly string[]) =>
  sql`${mergeRecipients.id} = any(${uuidArray(recipientIds)})`;

/** The next queued recipients whose back-off is over, in sheet order. */
export async function nextQueuedRecipients(
  db: Executor,
  mergeId: string,
  now: Date,
  limit: number,
): Promise<MergeRecipientRow[]> {
  return db
    .select(recipientColumns)
    .from(mergeRecipients)
    .where(
      and(
        eq(mergeRecipients.mergeId, mergeId),
        eq(mergeRecipients.status, 'QUEUED'),
        or(sql`${mergeRecipients.notBefore} is null`, lte(mergeRecipients.notBefore, now)),
      ),
    )
    .orderBy(asc(mergeRecipients.index))
    .limit(limit);
}

/**
 * When the merge has something left to do: when its next queued recipient is due (now for one
 * without a back-off, such as one queued again by "resend failed" during a run), and SENDING rows.
 */
export async function pendingWork(
  db: Executor,
  mergeId: string,
): Promise<{ queued: number; nextNotBefore: Date | null; sending: number; oldestHandedAt: Date | null }> {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${mergeRecipients.status} = 'QUEUED')::int`,
      nextNotBefore: sql<
        string | null
      >`min(coalesce(${mergeRecipients.notBefore}, now())) filter (where ${mergeRecipients.status} = 'QUEUED')`,
      sending: sql<number>`count(*) filter (where ${mergeRecipients.status} = 'SENDING')::int`,
      oldestHandedAt: sql<
        string | null
      >`min(${mergeRecipients.handedAt}) filter (where ${mergeRecipients.status} = 'SENDING')`,
    })
    .from(mergeRecipients)
    .where(and(eq(mergeRecipients.mergeId, mergeId), inArray(mergeRecipients.status, ['QUEUED', 'SENDING'])));
  return {
    queued: row?.queued ?? 0,
    nextNotBefore: row?.nextNotBefore ? new Date(row.nextNotBefore) : null,
    sending: row?.sending ?? 0,
    oldestHandedAt: row?.oldestHandedAt ? new Date(row.oldestHandedAt) : null,
  };
}

/**
 * The sender's ledger: when each send counted in the window was handed to Gmail (SENDING and SENT
 * rows since `since`), oldest first. One index range (merge_recipients_ledger_idx).
 */
export async function ledgerSince(db: Executor, userId: string, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ handedAt: mergeRecipients.handedAt })
    .from(mergeRecipients)
    .where(
      and(
        eq(mergeRecipients.userId, userId),
        inArray(mergeRecipients.status, ['SENDING', 'SENT']),
        gt(mergeRecipients.handedAt, since),
      ),
    )
    .orderBy(asc(mergeRecipients.handedAt));
  return rows.flatMap((row) => (row.handedAt ? [row.handedAt] : []));
}

/**
 * Marks queued recipients SENDING, handed to Gmail now, one attempt more: the ids reserved (those
 * still QUEUED; a cancel may have taken the others).
 */
export async function reserveRecipients(
  db: Executor,
  recipientIds: readonly string[],
  handedAt: Date,
): Promise<string[]> {
  if (recipientIds.length === 0) return [];
  const rows = await db
    .update(mergeRecipients)
    .set({ status: 'SENDING', handedAt, attempts: sql`${mergeRecipients.attempts} + 1` })
    .where(and(idIn(recipientIds), eq(mergeRecipients.status, 'QUEUED')))
    .returning({ id: mergeRecipients.id });
  return rows.map((row) => row.id);
}

/** SENDING recipients whose messages Gmail has: SENT with their ids. Answers the ids marked. */
export async function markSentMany(
  db: Executor,
  sends: readonly { recipientId: string; gmailMessageId: string }[],
  sentAt: Date,
): Promise<string[]> {
  if (sends.length === 0) return [];
  const ids = uuidArray(sends.map((send) => send.recipientId));
  const gmailIds = textArray(sends.map((send) => send.gmailMessageId));
  const result = await db.execute<{ id: string }>(sql`
    update merge_recipients set status = 'SENT', gmail_message_id = v.gmail_id, sent_at = ${sentAt},
      last_error = null, not_before = null
    from unnest(${ids}, ${gmailIds}) as v(id, gmail_id)
    where merge_recipients.id = v.id and merge_recipients.status = 'SENDING'
    returning merge_recipients.id as id`);
  return result.rows.map((row) => row.id);
}

/** The sender's sends counted in the window since `since` (one index range). */
export async function countLedgerSince(db: Executor, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(mergeRecipients)
    .where(
      and(
        eq(mergeRecipients.userId, userId),
        inArray(mergeRecipients.status, ['SENDING', 'SENT']),
        gt(mergeRecipients.handedAt, since),
      ),
    );
  return row?.count ?? 0;
}

/**
 * A SENDING recipient whose message did not leave, back in the queue: after `notBefore`, with
 * the attempt given back when it did not count (a rate limit, a disconnected sender).
 */
export async function releaseRecipient(
  db: Executor,
  recipientId: string,
  release: { notBefore: Date | null; refundAttempt: boolean; lastError: string | null },
): Promise<void> {
  await db
    .update(mergeRecipients)
    .set({
      status: 'QUEUED',
      handedAt: null,
      notBefore: release.notBefore,
      lastError: release.lastError,
      ...(release.refundAttempt ? { attempts: sql`greatest(${mergeRecipients.attempts} - 1, 0)` } : {}),
    })
    .where(and(eq(mergeRecipients.id, recipientId), eq(mergeRecipients.status, 'SENDING')));
}

/**
 * Reserved recipients that were never handed to Gmail (a run that stopped before sending the batch
 * it had reserved ahead), as they were before the reservation: the attempt given back, no error;
 * QUEUED, or CANCELLED when the merge was cancelled meanwhile (its cancel found them SENDING).
 */
export async function releaseUnsent(
  db: Executor,
  recipientIds: readonly string[],
  status: 'QUEUED' | 'CANCELLED',
): Promise<void> {
  if (recipientIds.length === 0) return;
  await db
    .update(mergeRecipients)
    .set({ status, handedAt: null, attempts: sql`greatest(${mergeRecipients.attempts} - 1, 0)` })
    .where(and(idIn(recipientIds), eq(mergeRecipients.status, 'SENDING')));
}

export async function markFailed(
  db: Executor,
  recipientId: string,
  reason: string,
  lastError: string,
): Promise<void> {
  await db
    .update(mergeRecipients)
    .set({ status: 'FAILED', reason, lastError, handedAt: null, notBefore: null })
    .where(and(eq(mergeRecipients.id, recipientId), eq(mergeRecipients.status, 'SENDING')));
}

/**
 * SENDING rows handed to Gmail before `before`: sends a crash may have cut short. Of one merge (its
 * run starting, holding the lease), or of every merge whose run lease is not held (the sweeper).
 */
export async function staleSendingRecipients(
  db: Executor,
  before: Date,
  mergeId?: string,
): Promise<{ id: string; mergeId: string; userId: string }[]> {
  return db
    .select({ id: mergeRecipients.id, mergeId: mergeRecipients.mergeId, userId: mergeRecipients.userId })
    .from(mergeRecipients)
    .innerJoin(merges, eq(merges.id, mergeRecipients.mergeId))
    .where(
      and(
        eq(mergeRecipients.status, 'SENDING'),
        lt(mergeRecipients.handedAt, before),
        // A run that is alive (its lease held) is still handing these to Gmail, or waiting for
        // Gmail's answer: they are its own, however long that takes.
        mergeId === undefined
          ? or(sql`${merges.runLeaseUntil} is null`, lt(merges.runLeaseUntil, sql`now()`))
          : eq(mergeRecipients.mergeId, mergeId),
      ),
    )
    .limit(500);
}

/** Every QUEUED recipient of the merge becomes CANCELLED; the number changed. */
export async function cancelQueuedRecipients(db: Executor, mergeId: string): Promise<number> {
  const rows = await db
    .update(mergeRecipients)
    .set({ status: 'CANCELLED', notBefore: null })
    .where(and(eq(mergeRecipients.mergeId, mergeId), eq(mergeRecipients.status, 'QUEUED')))
    .returning({ id: mergeRecipients.id });
  return rows.length;
}

/** FAILED recipients back to QUEUED with their attempts reset; the number re-queued. */
export async function requeueFailedRecipients(db: Executor, mergeId: string): Promise<number> {
  const rows = await db
    .update(mergeRecipients)
    .set({ status: 'QUEUED', reason: null, attempts: 0, notBefore: null, lastError: null })
    .where(and(eq(mergeRecipients.mergeId, mergeId), eq(mergeRecipients.status, 'FAILED')))
    .returning({ id: mergeRecipients.id });
  return rows.length;
}

/**
 * Locks the sender's pace row (created when missing) for the rest of the transaction: quota
 * checks of one sender's merges run one after the other, so two cannot both take the last send.
 */
export async function lockSender(
  db: Executor,
  userId: string,
): Promise<{ pausedUntil: Date | null; nextSlotAt: Date }> {
  const locked = () =>
    db
      .select({ pausedUntil: senderPace.pausedUntil, nextSlotAt: senderPace.nextSlotAt })
      .from(senderPace)
      .where(eq(senderPace.userId, userId))
      .for('update');
  // The row exists after the sender's first reservation: one statement from then on.
  let [row] = await locked();
  if (!row) {
    await db
      .insert(senderPace)
      .values({ userId, nextSlotAt: sql`now()` })
      .onConflictDoNothing();
    [row] = await locked();
  }
  return { pausedUntil: row?.pausedUntil ?? null, nextSlotAt: row?.nextSlotAt ?? new Date(0) };
}

/** The sender's next Gmail slot (the pace), in the reservation's transaction. */
export async function setNextSlot(db: Executor, userId: string, at: Date): Promise<void> {
  await db.update(senderPace).set({ nextSlotAt: at }).where(eq(senderPace.userId, userId));
}

/** Gmail's rate limit for the sender: no send of theirs before `until`. */
export async function pauseSender(db: Executor, userId: string, until: Date): Promise<void> {
  await db
    .insert(senderPace)
    .values({ userId, nextSlotAt: until, pausedUntil: until })
    .onConflictDoUpdate({
      target: senderPace.userId,
      set: {
        pausedUntil: sql`greatest(coalesce(${senderPace.pausedUntil}, ${until}), ${until})`,
        nextSlotAt: sql`greatest(${senderPace.nextSlotAt}, ${until})`,
      },
    });
}

/** Merges due to be worked (the sweeper): not over, next run passed. */
export async function dueMerges(db: Executor, now: Date, limit: number): Promise<{ id: string }[]> {
  return db
    .select({ id: merges.id })
    .from(merges)
    .where(
      and(
        sql`${merges.status} not in ('DONE', 'CANCELLED')`,
        sql`${merges.nextRunAt} is not null`,
        lte(merges.nextRunAt, now),
      ),
    )
    .orderBy(asc(merges.nextRunAt))
    .limit(limit);
}

/** The merges paused on a disconnected Gmail, by sender (the sweeper looks for reconnections). */
export async function mergesPausedOnGmail(db: Executor): Promise<{ id: string; userId: string }[]> {
  return db
    .select({ id: merges.id, userId: merges.userId })
    .from(merges)
    .where(eq(merges.status, 'PAUSED_GMAIL_DISCONNECTED'))
    .limit(1000);
}

/** The space's Gmail meter: sent (SENDING, SENT) to Gmail addresses since `since`, and queued ones. */
export async function gmailMeterCounts(
  db: Executor,
  workspaceId: string,
  since: Date,
): Promise<{ sent: number; queued: number }> {
  const [sent] = await db
    .select({ count: count() })
    .from(mergeRecipients)
    .where(
      and(
        eq(mergeRecipients.workspaceId, workspaceId),
        eq(mergeRecipients.isGmailAddress, true),
        inArray(mergeRecipients.status, ['SENDING', 'SENT']),
        gt(mergeRecipients.handedAt, since),
      ),
    );
  const [queued] = await db
    .select({ count: count() })
    .from(mergeRecipients)
    .where(
      and(
        eq(mergeRecipients.workspaceId, workspaceId),
        eq(mergeRecipients.isGmailAddress, true),
        eq(mergeRecipients.status, 'QUEUED'),
      ),
    );
  return { sent: sent?.count ?? 0, queued: queued?.count ?? 0 };
}

export async function mergeIdOfRecipient(db: Executor, recipientId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ mergeId: mergeRecipients.mergeId })
    .from(mergeRecipients)
    .where(eq(mergeRecipients.id, recipientId))
    .limit(1);
  return row?.mergeId;
}

/** The engine's merges among these scheduled merges. */
export async function mergesOfScheduled(db: Executor, scheduledIds: readonly string[]): Promise<MergeRow[]> {
  if (scheduledIds.length === 0) return [];
  return db
    .select(mergeColumns)
    .from(merges)
    .where(inArray(merges.scheduledCampaignId, [...scheduledIds]));
}

/**
 * Takes the merge's run lease for `ms` when it is free or lapsed (or renews the caller's own):
 * the time it is held until, or null when another run holds it (with the time it lapses).
 */
export async function takeRunLease(
  db: Executor,
  mergeId: string,
  ms: number,
  renew: boolean,
): Promise<{ taken: boolean; until: Date | null }> {
  const until = sql`now() + make_interval(secs => ${ms / 1000})`;
  const [row] = await db
    .update(merges)
    // The sweeper looks at the merge again when the lease lapses (a crashed run's).
    .set({ runLeaseUntil: until, nextRunAt: until })
    .where(
      and(
        eq(merges.id, mergeId),
        renew ? undefined : or(sql`${merges.runLeaseUntil} is null`, lt(merges.runLeaseUntil, sql`now()`)),
      ),
    )
    .returning({ until: merges.runLeaseUntil });
  if (row) return { taken: true, until: row.until };
  const [held] = await db.select({ until: merges.runLeaseUntil }).from(merges).where(eq(merges.id, mergeId));
  return { taken: false, until: held?.until ?? null };
}

export async function releaseRunLease(db: Executor, mergeId: string): Promise<void> {
  await db.update(merges).set({ runLeaseUntil: null }).where(eq(merges.id, mergeId));
}
