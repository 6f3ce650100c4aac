import { createHmac } from 'node:crypto';

import type { StripeEvent } from './state';

/**
 * Webhook delivery as Stripe does it: each event is POSTed as JSON to every endpoint with a
 * `Stripe-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}" with the endpoint secret}`
 * header, so `stripe.webhooks.constructEvent(body, header, secret)` verifies it. A delivery that
 * does not get a 2xx answer (or no answer within the timeout) is retried with backoff.
 */

/** `enabledEvents` as Stripe's enabled_events: exact types or prefixes ending in '*' (default all). */
export type WebhookEndpoint = { url: string; secret: string; enabledEvents?: string[] };

const wants = (endpoint: WebhookEndpoint, type: string): boolean =>
  endpoint.enabledEvents === undefined ||
  endpoint.enabledEvents.some((pattern) =>
    pattern.endsWith('*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type,
  );

export type Delivery = {
  eventId: string;
  type: string;
  url: string;
  attempt: number;
  status: number | null;
  error: string | null;
  at: string;
};

const signPayload = (payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string => {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
};

/** Default backoff between attempts (ms): Stripe retries for days; a local stand-in needs minutes. */
const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000];

export class WebhookSender {
  readonly deliveries: Delivery[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private closed = false;

  constructor(
    readonly endpoints: WebhookEndpoint[],
    private readonly retryDelaysMs: number[] = DEFAULT_RETRY_DELAYS_MS,
    private readonly timeoutMs = 10_000,
  ) {}

  send(event: StripeEvent): void {
    for (const endpoint of this.endpoints) if (wants(endpoint, event.type)) this.attempt(endpoint, event, 1);
  }

  private attempt(endpoint: WebhookEndpoint, event: StripeEvent, attempt: number): void {
    if (this.closed) return;
    const delivery = this.deliver(endpoint, event, attempt).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  private async deliver(endpoint: WebhookEndpoint, event: StripeEvent, attempt: number): Promise<void> {
    const payload = JSON.stringify({ ...event, pending_webhooks: this.endpoints.length }, null, 2);
    const record: Delivery = {
      eventId: event.id,
      type: event.type,
      url: endpoint.url,
      attempt,
      status: null,
      error: null,
      at: new Date().toISOString(),
    };
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': signPayload(payload, endpoint.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      record.status = response.status;
      await response.body?.cancel();
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
    this.deliveries.push(record);
    const ok = record.status !== null && record.status >= 200 && record.status < 300;
    const delay = this.retryDelaysMs[attempt - 1];
    if (!ok && delay !== undefined && !this.closed) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.attempt(endpoint, event, attempt + 1);
      }, delay);
      timer.unref();
      this.timers.add(timer);
    }
  }

  /** Resolves when no delivery is in flight (retries waiting on a timer do not count). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
