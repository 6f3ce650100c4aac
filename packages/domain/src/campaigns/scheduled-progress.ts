/**
 * A scheduled merge's progress (spec 002 §3 "Scheduled campaign": eventCounts.toSendCount is the
 * merge's mails, sentCount those sent so far): a merge cannot have sent more than it has to send
 * (issue 20 "Smaller"). The add-on may send either count alone, so the server checks the pair
 * after the update, the stored count standing in for the one not sent.
 */
export const SENT_OVER_TO_SEND_MESSAGE =
  'The sent count cannot be greater than the number of emails to send.';

export const isScheduledProgressConsistent = (progress: {
  toSendCount: number;
  sentCount: number;
}): boolean => progress.sentCount <= progress.toSendCount;
