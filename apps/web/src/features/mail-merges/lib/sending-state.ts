import type { CampaignRecipient } from '@mergedesk/domain/api/campaign-recipients';
import { isMergeOver, type MergeStatus } from '@mergedesk/domain/sending/recipients';
import { failureReasonLabel, recipientSendStatusLabel, skipReasonLabel } from './sending-labels';

/**
 * How the dashboard follows a merge the engine sends (issue 24;
 * docs/decisions/390-sending-dashboard-refresh.md).
 */

/** While a merge is being sent, its panel, counters and recipients are asked for this often. */
export const SENDING_REFRESH_MS = 2000;

/**
 * The progress page (issue 25) is asked this often while the merge is being sent: its numbers must
 * change within 2 s of a send, request time included (docs/decisions/412-merge-progress-polling.md).
 */
export const PROGRESS_REFRESH_MS = 1000;

/**
 * A merge whose last message left this recently counts as "recently sent": its opens and clicks
 * come in now, so the Sent list and the dialog follow them every SENDING_REFRESH_MS.
 */
const RECENTLY_SENT_MS = 10 * 60 * 1000;

const WAITING_FOR_QUOTA: MergeStatus = 'WAITING_FOR_QUOTA';

/** Until the merge is over (the domain's isMergeOver), it is followed: polling stops after. */
export const isSendingActive = (status: string): boolean => !isMergeOver(status);

/** Spec 002 §4.1 "Out of quota": the engine waits for the sender's quota to free. */
export const isWaitingForQuota = (status: string): boolean => status === WAITING_FOR_QUOTA;

/**
 * The merge's last message left, or its counters last changed, less than RECENTLY_SENT_MS from
 * `now`: its opens and clicks are coming in.
 */
export const isRecentlySent = (
  campaign: { lastEmailSentTimestamp: number | null; lastUpdateTimestamp: number },
  now: number,
): boolean =>
  Math.abs(now - Math.max(campaign.lastEmailSentTimestamp ?? 0, campaign.lastUpdateTimestamp)) <
  RECENTLY_SENT_MS;

type Delivery = NonNullable<CampaignRecipient['delivery']>;

/**
 * A recipient's delivery as the Recipients tab says it: 'Sent', 'Skipped — Unsubscribed',
 * 'Failed — Gmail error (3 attempts)', 'Queued', 'Sending', 'Cancelled'.
 */
export function deliveryLabel(delivery: Delivery): string {
  const status = recipientSendStatusLabel(delivery.status);
  if (delivery.status === 'SKIPPED' && delivery.reason) {
    return `${status} — ${skipReasonLabel(delivery.reason)}`;
  }
  if (delivery.status === 'FAILED') {
    const reason = delivery.reason ? ` — ${failureReasonLabel(delivery.reason)}` : '';
    const attempts = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
    return `${status}${reason} (${attempts})`;
  }
  return status;
}
