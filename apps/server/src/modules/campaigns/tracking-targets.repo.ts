import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { campaignLinks, campaignRecipients, campaigns, pollResponses } from '../../db/schema';

/** What the tracking links read and write of a sent merge (tracking-targets.service.ts). */

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

/**
 * A recipient's form/poll answer, left for the aggregation job to count into poll_results: one row
 * per recipient, the latest answer wins; the same answer again writes nothing.
 */
export async function upsertPollResponse(
  db: Executor,
  response: { campaignId: string; recipientId: string; value: string },
): Promise<void> {
  await db
    .insert(pollResponses)
    .values({ ...response, aggregated: false })
    .onConflictDoUpdate({
      target: pollResponses.recipientId,
      set: { value: sql`excluded.value`, createdAt: sql`now()`, aggregated: false },
      setWhere: sql`${pollResponses.value} is distinct from excluded.value`,
    });
}
