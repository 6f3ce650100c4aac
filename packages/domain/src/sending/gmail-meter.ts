import { PRODUCT_NAME } from '../constants';
import { isGmailAddress } from '../users/email';

/**
 * The space-wide meter of messages to Gmail addresses (issue 24 "Beyond every anchor"): Google
 * treats a sender of about 5,000 messages a day to personal Gmail accounts as a bulk sender, with
 * stricter rules (https://support.google.com/a/answer/81126: SPF, DKIM and DMARC, one-click
 * unsubscribe, a spam rate below 0.3 %). Owners are warned before the space's senders together get
 * there (docs/decisions/374-sending-gmail-bulk-meter.md).
 */

/** Google's bulk-sender threshold: messages a day to personal Gmail accounts. */
export const GMAIL_BULK_SENDER_THRESHOLD = 5000;

/** The meter warns from this share of the threshold on (4,000 messages). */
const WARNING_SHARE = 0.8;

/**
 * A recipient address on Google's personal mail domains (gmail.com, googlemail.com): the domain's
 * one rule (users/email). Google Workspace mailboxes on a company's own domain also count for Google,
 * but they cannot be told from the address (that needs the domain's MX records), so they are not
 * counted here.
 */
export { isGmailAddress };

export type GmailBulkMeterLevel = 'ok' | 'warning' | 'over';

export type GmailBulkMeter = {
  level: GmailBulkMeterLevel;
  /** Sent to Gmail addresses in the last 24 hours plus those queued now. */
  total: number;
  threshold: number;
};

/**
 * The meter for a space: 'over' at or above 5,000 ("5,000 or more" in Google's words), 'warning'
 * from 80 % of it (4,000), 'ok' below.
 */
export function gmailBulkMeter(input: { sentToGmailLast24h: number; queuedToGmail: number }): GmailBulkMeter {
  const count = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
  const total = count(input.sentToGmailLast24h) + count(input.queuedToGmail);
  const threshold = GMAIL_BULK_SENDER_THRESHOLD;
  const level = total >= threshold ? 'over' : total >= threshold * WARNING_SHARE ? 'warning' : 'ok';
  return { level, total, threshold };
}

export type GmailBulkMeterCopy = { title: string; message: string };

/**
 * What the dashboard shows the space's owners and admins; null when the meter is ok. Counts are
 * grouped with `locale`'s separators (default 'en-US', as the forecast).
 */
export function gmailBulkMeterCopy(meter: GmailBulkMeter, locale = 'en-US'): GmailBulkMeterCopy | null {
  if (meter.level === 'ok') return null;
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const total = numbers.format(meter.total);
  const threshold = numbers.format(meter.threshold);
  const rules = `Google then expects SPF, DKIM and DMARC for your domain, one-click unsubscribe (${PRODUCT_NAME} adds it) and a spam rate below 0.3 %.`;
  if (meter.level === 'warning') {
    return {
      title: 'Close to Google’s bulk-sender limit',
      message: `Your space has sent or queued ${total} messages to Gmail addresses in the last 24 hours. From ${threshold} a day, Google treats you as a bulk sender. ${rules}`,
    };
  }
  return {
    title: 'Over Google’s bulk-sender limit',
    message: `Your space has sent or queued ${total} messages to Gmail addresses in the last 24 hours, over Google’s bulk-sender limit of ${threshold} a day. ${rules} Spread large merges over several days to stay below it.`,
  };
}
