import type { FastifyRequest } from 'fastify';

/**
 * What the logs must not carry (issue 20 "Logs",
 * docs/decisions/326-logs-without-secrets-or-addresses.md): the OAuth
 * `code` and `state` of a sign-in, invitation tokens and recipients' tracking tokens (each opens
 * something for whoever reads the log), and e-mail addresses in full. One place decides it for
 * the request lines (serializeRequestForLog), the messages and top-level fields of every log call
 * (redactLogText, through app.ts's logger hooks) and error messages (redactSerializedError).
 */
const REDACTED = '[redacted]';

/** `ann@example.org` → `a***@example.org`: the first character of the local part is kept. */
export function maskEmailAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const first = Array.from(address.slice(0, at))[0] ?? '';
  return `${first}***${address.slice(at)}`;
}

/**
 * An address as it appears in a text: a local part of letters, digits and `._%+-`, a domain with
 * at least one dot. Masked addresses (`a***@…`) do not match again, so masking is idempotent.
 */
const EMAIL_IN_TEXT = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;

/** Every e-mail address in a text, masked. */
function maskEmailAddresses(text: string): string {
  return text.replace(EMAIL_IN_TEXT, maskEmailAddress);
}

/** The paths whose query strings are secrets or personal data, under any API base. */
const SENSITIVE_PATH = /^(?:\/api(?:\/v\d+)?)?\/(?:auth|invitations|t)(?:\/|$)/;
/** Tokens in paths: /invitations/{token}… and /t/{kind}/{token}… (under any prefix, also inside a value). */
const INVITATION_TOKEN = /(\/invitations\/)(?!resend(?:[/?#\s"]|$))[^/?#&\s"]+/g;
const TRACKING_PATH_TOKEN = /(\/t\/[a-z]\/)[^/?#&\s"]+/g;
/** A recipient's tracking token anywhere: `{uuid}.{43 base64url characters}`. */
const TRACKING_TOKEN =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;
/** An OAuth code or state as a query parameter inside a text. */
const OAUTH_PARAMETER = /([?&](?:code|state)=)[^&#\s"]+/g;

/** Tokens, OAuth parameters and addresses in a free text (a log message, a decoded query value). */
export function redactLogText(text: string): string {
  if (!/[@/=.]/.test(text)) return text;
  return maskEmailAddresses(
    text
      .replace(INVITATION_TOKEN, `$1${REDACTED}`)
      .replace(TRACKING_PATH_TOKEN, `$1${REDACTED}`)
      .replace(TRACKING_TOKEN, REDACTED)
      .replace(OAUTH_PARAMETER, `$1${REDACTED}`),
  );
}

/**
 * A request URL as the logs show it: under /auth, /invitations and /t (also below /api and
 * /api/vN) the query string is dropped whole; everywhere, tokens in the path are redacted, and a
 * query value is logged decoded with its tokens redacted and addresses masked (so
 * `/login?continue=%2Finvitations%2F{token}` keeps no token).
 */
export function redactUrlForLog(url: string): string {
  const queryStart = url.indexOf('?');
  const path = queryStart < 0 ? url : url.slice(0, queryStart);
  const query = queryStart < 0 ? undefined : url.slice(queryStart + 1);
  const safePath = redactLogText(path);
  if (query === undefined) return safePath;
  if (SENSITIVE_PATH.test(path)) return `${safePath}?${REDACTED}`;
  const parameters = query.split('&').map((pair) => {
    const equals = pair.indexOf('=');
    const name = equals < 0 ? pair : pair.slice(0, equals);
    if (equals < 0) return redactLogText(decodeForLog(name));
    return `${redactLogText(decodeForLog(name))}=${redactLogText(decodeForLog(pair.slice(equals + 1)))}`;
  });
  return `${safePath}?${parameters.join('&')}`;
}

function decodeForLog(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** Fastify's request serializer (method, url, host, address, port), with the url redacted. */
export function serializeRequestForLog(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrlForLog(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

/** An error as the `err` serializer wrote it, with its message and stack redacted too. */
export function redactSerializedError<T extends { message: string; stack: string }>(error: T): T {
  return { ...error, message: redactLogText(error.message), stack: redactLogText(error.stack) };
}

/**
 * The logger's hooks: every string argument of a log call (the message, printf arguments) and
 * every top-level string field of its object go through redactLogText. Nested objects are the
 * serializers' (req, err).
 */
export const logRedactionHooks = {
  logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
    method.apply(
      this,
      args.map((arg) => (typeof arg === 'string' ? redactLogText(arg) : arg)),
    );
  },
};

export function redactLogFields(fields: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value !== 'string') continue;
    const redacted = redactLogText(value);
    if (redacted === value) continue;
    copy ??= { ...fields };
    copy[key] = redacted;
  }
  return copy ?? fields;
}
