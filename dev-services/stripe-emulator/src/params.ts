/**
 * Request parameters as the stripe SDK sends them (form-encoded, parsed with `qs`) and errors in
 * Stripe's shape, `{ error: { type, code, message, param } }`, so that the SDK throws
 * StripeInvalidRequestError, StripeCardError, StripeAuthenticationError as it does with Stripe.
 */

export type StripeErrorType =
  'invalid_request_error' | 'card_error' | 'api_error' | 'authentication_error' | 'idempotency_error';

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly extra: { code?: string; param?: string; decline_code?: string; payment_intent?: unknown } = {},
  ) {
    super(message);
  }

  toJSON(): { error: Record<string, unknown> } {
    return { error: { type: this.type, message: this.message, ...this.extra } };
  }
}

export const invalidRequest = (message: string, param?: string, code = 'parameter_invalid'): StripeError =>
  new StripeError(400, 'invalid_request_error', message, { code, ...(param === undefined ? {} : { param }) });

export const missingResource = (kind: string, id: string, param = 'id'): StripeError =>
  new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, {
    code: 'resource_missing',
    param,
  });

export type Raw = Record<string, unknown>;

const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Typed reads of one level of parameters; errors name the full parameter path like Stripe's. */
export class Params {
  constructor(
    readonly raw: Raw,
    private readonly path = '',
  ) {}

  private name(key: string): string {
    return this.path === '' ? key : `${this.path}[${key}]`;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  string(key: string): string | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${this.name(key)}`, this.name(key));
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') {
      throw invalidRequest(`Missing required param: ${this.name(key)}.`, this.name(key), 'parameter_missing');
    }
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw invalidRequest(
        `Invalid ${this.name(key)}: must be one of ${allowed.join(', ')}`,
        this.name(key),
        'parameter_invalid',
      );
    }
    return value as T;
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined || value === '') return undefined;
    if (!/^-?\d+$/.test(value)) {
      throw invalidRequest(`Invalid integer: ${value}`, this.name(key), 'parameter_invalid_integer');
    }
    return Number(value);
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined || value === '') return undefined;
    if (value !== 'true' && value !== 'false') {
      throw invalidRequest(`Invalid boolean: ${value}`, this.name(key));
    }
    return value === 'true';
  }

  object(key: string): Params | undefined {
    const value = this.raw[key];
    if (value === undefined || value === '') return undefined;
    if (!isRecord(value)) throw invalidRequest(`Invalid object: ${this.name(key)}`, this.name(key));
    return new Params(value, this.name(key));
  }

  /** Arrays arrive as `a[0][x]=…` (an object with index keys) or `a[]=…` (an array). */
  list(key: string): Params[] {
    const value = this.raw[key];
    if (value === undefined || value === '') return [];
    const entries = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : null;
    if (entries === null) throw invalidRequest(`Invalid array: ${this.name(key)}`, this.name(key));
    return entries.map((entry, index) => {
      if (!isRecord(entry))
        throw invalidRequest(`Invalid object: ${this.name(key)}[${index}]`, this.name(key));
      return new Params(entry, `${this.name(key)}[${index}]`);
    });
  }

  stringList(key: string): string[] {
    const value = this.raw[key];
    if (value === undefined || value === '') return [];
    const entries = Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : [value];
    return entries.map((entry) => {
      if (typeof entry !== 'string') throw invalidRequest(`Invalid array: ${this.name(key)}`, this.name(key));
      return entry;
    });
  }

  /** Metadata: string values; an empty string deletes a key (Stripe's rule). */
  metadata(current: Record<string, string> = {}): Record<string, string> {
    const value = this.raw.metadata;
    if (value === undefined) return current;
    if (value === '') return {};
    if (!isRecord(value)) throw invalidRequest('Invalid object: metadata', 'metadata');
    const next = { ...current };
    for (const [key, entry] of Object.entries(value)) {
      if (typeof entry !== 'string') throw invalidRequest(`Invalid string: metadata[${key}]`, 'metadata');
      if (entry === '') delete next[key];
      else next[key] = entry;
    }
    return next;
  }
}
