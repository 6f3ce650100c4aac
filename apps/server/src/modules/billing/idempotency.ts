import { createHash } from 'node:crypto';

/**
 * Stripe idempotency keys for every create and change we make (issue 22). A key names the operation
 * and hashes what it was computed from (the space, the state it starts from, its parameters), so
 * the same request made twice from the same state — a double click, two tabs, our retry after a
 * lost answer — is the same operation at Stripe: the second gets the first's answer instead of a
 * second charge. A request from another state (one more seat after the first was added) has
 * another key. Stripe keeps a key 24 hours and refuses it with other parameters; hashing the
 * parameters into the key keeps that error for real mistakes.
 */
export function idempotencyKey(operation: string, basis: unknown): string {
  const digest = createHash('sha256').update(canonical(basis)).digest('base64url').slice(0, 43);
  return `mergedesk:${operation}:${digest}`;
}

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, entry: unknown) =>
    entry !== null && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(
          Object.entries(entry as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : entry,
  );
