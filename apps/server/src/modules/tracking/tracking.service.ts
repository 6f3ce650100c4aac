import { suppressionTypeFor } from '@mergedesk/domain/suppressions/permissions';
import type { Database } from '../../db/client';
import { otherFeaturesOf } from '../../lib/access';
import { membershipIn } from '../workspaces/workspaces.service';
import type { BatchWriter, TrackedEvent, WrittenEvent } from './event-writer';
import { upsertUnsubscription } from '../suppression-lists/suppression-list.service';
import { findRecipientTarget, findSentLink, upsertPollResponse } from '../campaigns/tracking-targets.service';
import type { TrackingTokens } from './tracking-token';

/** Where a click goes: its link, a neutral page (link disabled) or the invalid-link page. */
export type ClickTarget = { kind: 'redirect'; url: string } | { kind: 'disabled' } | { kind: 'invalid' };

/**
 * What the recipients of a merge meet: the open pixel, click redirects, the unsubscribe link and
 * form responses. Each hit only appends an event (batched, durable before the answer); counters
 * are the aggregation job's (jobs/aggregate-events.ts), so a recipient never waits on them.
 */
export function createTrackingService(deps: {
  db: Database;
  tokens: TrackingTokens;
  writer: BatchWriter<TrackedEvent, WrittenEvent>;
  /**
   * A hit whose event could not be stored (its batch failed after the writer's retries). The
   * recipient still gets the image, the link or the page; the loss is counted and logged here.
   */
  onLost: (event: TrackedEvent, error: unknown) => void;
}) {
  const { db, tokens, writer, onLost } = deps;
  /** Writes the hit's event; a hit whose write failed is counted as lost (onLost), not thrown. */
  const record = async (event: TrackedEvent): Promise<WrittenEvent> => {
    try {
      return await writer.write(event);
    } catch (error) {
      onLost(event, error);
      return undefined;
    }
  };
  const hit = (recipientId: string, type: TrackedEvent['type']): TrackedEvent => ({
    recipientId,
    type,
    occurredAt: new Date(),
  });

  return {
    /**
     * Records an open; false (nothing recorded) for a token that is not ours. Throws when the open
     * could not be stored (the database away longer than the writer's retries): the pixel is then
     * not acknowledged (tracking.routes.ts), rather than answered and lost.
     */
    async recordOpen(token: string): Promise<boolean> {
      const recipientId = tokens.verify(token);
      if (recipientId === null) return false;
      await writer.write(hit(recipientId, 'opened'));
      return true;
    },

    /**
     * The link to redirect to: only a link that was sent with this recipient's merge, never a URL
     * from the request (no open redirect), and not one an operator disabled. The click's event
     * looks its link up in the batch's one statement (event-writer.ts), so a click costs no query
     * of its own; only a click the statement did not write (no such link, a disabled one, a lost
     * write) or one not to record (`record: false`, over the recipient's rate limit) looks the link
     * up itself. A click whose event could not be stored still redirects (counted as lost).
     */
    async recordClick(token: string, linkIndex: number, options = { record: true }): Promise<ClickTarget> {
      const recipientId = tokens.verify(token);
      if (recipientId === null) return { kind: 'invalid' };
      const event: TrackedEvent = { ...hit(recipientId, 'clicked'), linkIndex };
      let failed: { error: unknown } | undefined;
      if (options.record) {
        try {
          const written = await writer.write(event);
          if (written?.url) return { kind: 'redirect', url: written.url };
        } catch (error) {
          failed = { error };
        }
      }
      // Throws while the database is away: the click is not acknowledged (503), nor lost.
      const link = await findSentLink(db, recipientId, linkIndex);
      if (link === undefined) return { kind: 'invalid' };
      // A link disabled for abuse is neither followed nor counted.
      if (link.disabled) return { kind: 'disabled' };
      // The database answered the lookup: it is back, so the click is written once more before
      // it is given up as lost.
      if (failed) await record(event);
      return { kind: 'redirect', url: link.url };
    },

    /**
     * Puts the recipient on the unsubscription list of the merge's space, shared across the space
     * (WORKSPACE) when the sender has shared unsubscribes (spec 000 §6), else PERSONAL.
     */
    async unsubscribe(token: string): Promise<boolean> {
      const recipientId = tokens.verify(token);
      if (recipientId === null) return false;
      const target = await findRecipientTarget(db, recipientId);
      if (!target) return false;
      const sender = target.senderId
        ? await membershipIn(db, target.senderId, target.workspaceId)
        : undefined;
      // The list entry first: it is what stops further mail; the event only feeds the counters.
      // A merge whose sender's account is gone: the opt-out goes on the shared list.
      await upsertUnsubscription(db, {
        workspaceId: target.workspaceId,
        senderId: target.senderId,
        email: target.email,
        // A sender who left the space shares nothing: the entry stays theirs (PERSONAL).
        type: suppressionTypeFor(
          'unsubscriptions',
          target.senderId === null
            ? null
            : sender === undefined
              ? { userPlan: 'FREE', features: null }
              : { userPlan: sender.userPlan, features: otherFeaturesOf(sender.workspace) },
        ),
      });
      await record(hit(recipientId, 'unsubscribed'));
      return true;
    },

    /**
     * A form/poll answer: the recipient's poll_responses row (latest answer wins, counted once per
     * recipient) and a 'responded' event.
     */
    async recordFormResponse(token: string, value: string): Promise<boolean> {
      const recipientId = tokens.verify(token);
      if (recipientId === null) return false;
      const target = await findRecipientTarget(db, recipientId);
      if (!target) return false;
      await upsertPollResponse(db, { campaignId: target.campaignId, recipientId, value });
      await record(hit(recipientId, 'responded'));
      return true;
    },
  };
}
