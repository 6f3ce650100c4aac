import { campaignEvents, campaignLinks, campaignRecipients } from '../db/schema';
import type { Executor } from '../db/client';
import type { CampaignRow } from '../modules/campaigns/campaigns.repo';
import { DOMAINS, FIRST_NAMES, LAST_NAMES, pick, seededRandom } from './seed-content';

/**
 * Recipients of the newest demo merges (issue 9 "Who opened, who clicked"), so the merge dialog's
 * Recipients view has something to show on `npm start`: one recipient row per mail sent, whose
 * flags add up exactly to the merge's counters (opened, clicked, bounced, unsubscribed,
 * responded — replies here), with the open and click events (on three links) behind them.
 */

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

const DEMO_MERGE_LINKS = [
  'https://acme.test/pricing',
  'https://acme.test/webinar',
  'https://acme.test/case-study',
] as const;

export type DemoMergeCounts = Pick<
  CampaignRow,
  'sentCount' | 'openedCount' | 'clickedCount' | 'bouncedCount' | 'unsubscribedCount' | 'respondedCount'
> & { campaignId: string; sentAt: Date };

const BATCH = 1000;

export async function seedMergeRecipients(
  tx: Executor,
  now: Date,
  merges: readonly DemoMergeCounts[],
): Promise<void> {
  const random = seededRandom(20_261_123);
  const until = (ms: number) => new Date(Math.min(ms, now.getTime()));
  for (const merge of merges) {
    await tx
      .insert(campaignLinks)
      .values(DEMO_MERGE_LINKS.map((url, linkIndex) => ({ campaignId: merge.campaignId, linkIndex, url })));
    // Who gets which flag: a shuffled order, bounces first, then the opens (the first clickers).
    const order = shuffle(
      random,
      Array.from({ length: merge.sentCount }, (_, index) => index),
    );
    const role = new Map<number, number>(order.map((recipient, position) => [recipient, position]));
    const sent = merge.sentAt.getTime();
    const seen = new Set<string>();
    const rows = Array.from({ length: merge.sentCount }, (_, index) => {
      const position = role.get(index) ?? 0;
      const opened = position - merge.bouncedCount;
      const isBounced = position < merge.bouncedCount;
      const isOpened = !isBounced && opened < merge.openedCount;
      const isClicked = isOpened && opened < merge.clickedCount;
      // Replies from clickers and from those who only opened; opt-outs from the last openers.
      const repliedFrom = Math.floor(merge.clickedCount / 2);
      const isReplied = isOpened && opened >= repliedFrom && opened < repliedFrom + merge.respondedCount;
      const isUnsubscribed = isOpened && opened >= merge.openedCount - merge.unsubscribedCount;
      // Opens within 30 hours of the sending, or before now for a merge sent today.
      const window = Math.max(Math.min(30 * HOUR_MS, now.getTime() - sent - 30 * MINUTE_MS), MINUTE_MS);
      const firstOpened = sent + Math.floor(random() * window) + MINUTE_MS;
      const firstClicked = firstOpened + Math.floor(random() * 20 * MINUTE_MS) + MINUTE_MS;
      return {
        campaignId: merge.campaignId,
        email: uniqueEmail(random, seen),
        trackingToken: Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join(''),
        sentAt: new Date(sent),
        firstOpenedAt: isOpened ? until(firstOpened) : null,
        firstClickedAt: isClicked ? until(firstClicked) : null,
        bouncedAt: isBounced ? until(sent + MINUTE_MS) : null,
        unsubscribedAt: isUnsubscribed ? until(firstOpened + 10 * MINUTE_MS) : null,
        respondedAt: isReplied ? until(firstOpened + 2 * HOUR_MS) : null,
      };
    });
    const inserted: Array<{ id: string; firstOpenedAt: Date | null; firstClickedAt: Date | null }> = [];
    for (let start = 0; start < rows.length; start += BATCH) {
      inserted.push(
        ...(await tx
          .insert(campaignRecipients)
          .values(rows.slice(start, start + BATCH))
          .returning({
            id: campaignRecipients.id,
            firstOpenedAt: campaignRecipients.firstOpenedAt,
            firstClickedAt: campaignRecipients.firstClickedAt,
          })),
      );
    }
    const events = inserted.flatMap((recipient) => {
      const base = { campaignId: merge.campaignId, recipientId: recipient.id, aggregated: true };
      const opens = recipient.firstOpenedAt
        ? Array.from({ length: 1 + Math.floor(random() * 3) }, (_, open) => ({
            ...base,
            type: 'opened' as const,
            url: null,
            occurredAt: until(recipient.firstOpenedAt!.getTime() + open * 5 * HOUR_MS),
          }))
        : [];
      const clicks = recipient.firstClickedAt
        ? Array.from({ length: 1 + Math.floor(random() * 2) }, (_, click) => ({
            ...base,
            type: 'clicked' as const,
            url: pick(random, DEMO_MERGE_LINKS),
            occurredAt: until(recipient.firstClickedAt!.getTime() + click * 3 * HOUR_MS),
          }))
        : [];
      return [...opens, ...clicks];
    });
    for (let start = 0; start < events.length; start += BATCH) {
      await tx.insert(campaignEvents).values(events.slice(start, start + BATCH));
    }
  }
}

function uniqueEmail(random: () => number, seen: Set<string>): string {
  for (;;) {
    const name = `${pick(random, FIRST_NAMES)}.${pick(random, LAST_NAMES)}`;
    const number = seen.size > 200 ? Math.floor(random() * 1000) : '';
    const email = `${name}${number}@${pick(random, DOMAINS)}`;
    if (!seen.has(email)) {
      seen.add(email);
      return email;
    }
  }
}

function shuffle<T>(random: () => number, items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}
