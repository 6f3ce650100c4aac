import type { GmailError } from './errors';
import { dailyLimitExceeded, rateLimitExceeded } from './errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Drops the timestamps before `since` from the front of a list in ascending order. */
const dropBefore = (times: number[], since: number): void => {
  let stale = 0;
  while (stale < times.length && times[stale]! < since) stale += 1;
  if (stale > 0) times.splice(0, stale);
};

/**
 * Gmail's per-user sending limits: messages sent in a rolling 24 hours, and messages.send calls in
 * any one second. Both are counted per account; the daily count is rebuilt from the stored messages
 * at start, so a restart forgets nothing that was delivered.
 */
export class SendLimits {
  private readonly calls = new Map<string, number[]>();
  private readonly sends = new Map<string, number[]>();

  constructor(
    private readonly dailySendLimit: number,
    private readonly sendsPerSecond: number,
  ) {}

  /**
   * Counts one messages.send call and reserves its place in the daily window (parsing is
   * asynchronous: concurrent calls must not all pass the cap); answers the error Gmail would give
   * instead, if over a limit. A reserved call that delivers nothing is given back with `release`.
   */
  admit(account: string, now: number): GmailError | undefined {
    const calls = this.listOf(this.calls, account);
    dropBefore(calls, now - 1000);
    if (calls.length >= this.sendsPerSecond) return rateLimitExceeded(1, now);
    calls.push(now);
    const sends = this.listOf(this.sends, account);
    dropBefore(sends, now - DAY_MS);
    if (sends.length >= this.dailySendLimit) {
      const frees = sends[sends.length - this.dailySendLimit]! + DAY_MS;
      return dailyLimitExceeded(Math.max(1, Math.ceil((frees - now) / 1000)));
    }
    sends.push(now);
    return undefined;
  }

  release(account: string, at: number): void {
    const sends = this.listOf(this.sends, account);
    const index = sends.lastIndexOf(at);
    if (index >= 0) sends.splice(index, 1);
  }

  /** Records a message delivered before a restart in its account's rolling window. */
  recordSend(account: string, at: number): void {
    const sends = this.listOf(this.sends, account);
    // Times arrive in order, except when rebuilt from a file: keep the list sorted either way.
    let index = sends.length;
    while (index > 0 && sends[index - 1]! > at) index -= 1;
    sends.splice(index, 0, at);
  }

  reset(): void {
    this.calls.clear();
    this.sends.clear();
  }

  private listOf(map: Map<string, number[]>, account: string): number[] {
    let list = map.get(account);
    if (list === undefined) {
      list = [];
      map.set(account, list);
    }
    return list;
  }
}

export type FailureRule = {
  status: 429 | 500 | 503 | 'timeout';
  count: number;
  /** A Gmail method id: 'messages.send', 'drafts.create', 'getProfile' … (also 'gmail.users.messages.send'). */
  method?: string;
  account?: string;
  /**
   * Do the work first, then fail the answer: a message that is delivered although the client
   * sees an error or a timeout (the ambiguous case that `rfc822msgid:` look-ups resolve).
   */
  afterDelivery?: boolean;
};

const normaliseMethod = (method: string): string => method.replace(/^(gmail\.)?(users\.)?/, '');

/** Failures told to happen: the next `count` matching calls fail. */
export class FailureRules {
  private rules: FailureRule[] = [];

  add(rule: FailureRule): void {
    this.rules.push({
      ...rule,
      ...(rule.method === undefined ? {} : { method: normaliseMethod(rule.method) }),
      ...(rule.account === undefined ? {} : { account: rule.account.toLowerCase() }),
    });
  }

  /** The rule the call `method` of `account` falls under, counted; undefined when none. */
  take(method: string, account: string): FailureRule | undefined {
    const rule = this.rules.find(
      (candidate) =>
        (candidate.method === undefined || candidate.method === method) &&
        (candidate.account === undefined || candidate.account === account),
    );
    if (rule === undefined) return undefined;
    rule.count -= 1;
    if (rule.count <= 0) this.rules = this.rules.filter((candidate) => candidate !== rule);
    return rule;
  }

  pending(): FailureRule[] {
    return this.rules.map((rule) => ({ ...rule }));
  }

  reset(): void {
    this.rules = [];
  }
}
