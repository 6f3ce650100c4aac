import { normalizeEmail } from '@mergedesk/domain/users/email';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  campaignLinks,
  campaignRecipients,
  campaigns,
  pollResponses,
  unsubscriptions,
} from '../../db/schema';

export type RecipientTarget = {
  recipientId: string;
  email: string;
  campaignId: string;
  workspaceId: string;
  /** The sender; null once the account is gone. */
  senderId: string | null;
};

export async function findRecipientTarget(
  db: Executor,
  recipientId: string,
): Promise<RecipientTarget | undefined> {
  const [row] = await db
    .select({
      recipientId: campaignRecipients.id,
      email: campaignRecipients.email,
      campaignId: campaigns.id,
      workspaceId: campaigns.workspaceId,
      senderId: campaigns.userId,
    })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(eq(campaignRecipients.id, recipientId))
    .limit(1);
  return row;
}

/** The link `linkIndex` of the merge the recipient received (disabled or not), or undefined. */
export async function findSentLink(
  db: Executor,
  recipientId: string,
  linkIndex: number,
): Promise<{ url: string; disabled: boolean } | undefined> {
  const [row] = await db
    .select({ url: campaignLinks.url, disabled: sql<boolean>`${campaignLinks.disabledAt} is not null` })
    .from(campaignRecipients)
    .innerJoin(
      campaignLinks,
      and(
        eq(campaignLinks.campaignId, campaignRecipients.campaignId),
        eq(campaignLinks.linkIndex, linkIndex),
      ),
    )
    .where(eq(campaignRecipients.id, recipientId))
    .limit(1);
  return row;
}

/** Adds the address to the space's unsubscription list; an address already there is only touched. */
export async function upsertUnsubscription(
  db: Executor,
  entry: { workspaceId: string; email: string; type: 'WORKSPACE' | 'PERSONAL' },
): Promise<void> {
  await db
    .insert(unsubscriptions)
    .values({
      workspaceId: entry.workspaceId,
      userId: null,
      email: normalizeEmail(entry.email),
      type: entry.type,
    })
    .onConflictDoUpdate({
      target: [unsubscriptions.workspaceId, unsubscriptions.email],
      set: { updatedAt: sql`now()` },
    });
}

/** A form/poll answer, left for the aggregation job to count into poll_results. */
export async function insertPollResponse(db: Executor, campaignId: string, value: string): Promise<void> {
  await db.insert(pollResponses).values({ campaignId, value, aggregated: false });
}
