/**
 * What a database error means for the caller, and what of it may be logged. Drizzle wraps driver
 * errors (DrizzleQueryError, whose message holds the SQL and its parameters) with the pg error as
 * `cause`; pg errors carry row data in `detail`, `where` and `internalQuery`.
 */

/** Node socket errors of a connection that is refused, reset or gone. */
const SOCKET_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** The SQLSTATE of a PostgreSQL error, looked up through Drizzle's wrapping. */
export function findPgCode(error: unknown): string | undefined {
  return findInChain(error, (link) =>
    'code' in link &&
    typeof link.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(link.code) &&
    !SOCKET_ERROR_CODES.has(link.code)
      ? link.code
      : undefined,
  );
}

/** PostgreSQL's unique_violation: a concurrent insert won the race for a unique key. */
export function isUniqueViolation(error: unknown): boolean {
  return findPgCode(error) === '23505';
}

/** Messages node-postgres gives the errors of a lost connection (they carry no code). */
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Connection ended unexpectedly',
];

/**
 * True when the error says the database is away (refused, lost or restarting connection; too many
 * connections), not that the request was wrong: the API answers 503 and the caller may retry.
 * SQLSTATE class 08 (connection exception), 57P01–57P03 (shutdown, crash, not yet accepting),
 * 53300 (too many connections).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pgCode = findPgCode(error);
  if (pgCode !== undefined) {
    return pgCode.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(pgCode);
  }
  const lost = findInChain(error, (link) => {
    if ('code' in link && typeof link.code === 'string' && SOCKET_ERROR_CODES.has(link.code)) return true;
    const message = 'message' in link && typeof link.message === 'string' ? link.message : '';
    return LOST_CONNECTION_MESSAGES.some((known) => message.startsWith(known)) ? true : undefined;
  });
  return lost === true;
}

/** The parts of a database error that are safe to log: codes and names, never values. */
export type SafeDatabaseError = {
  type: string;
  /** "database error <SQLSTATE>": the original message quotes values. */
  message: string;
  stack: string;
  code?: string;
  severity?: string;
  routine?: string;
  table?: string;
  column?: string;
  constraint?: string;
  dataType?: string;
};

const SAFE_FIELDS = ['severity', 'routine', 'table', 'column', 'constraint', 'dataType'] as const;

/**
 * The loggable form of a database error (a DrizzleQueryError or a pg error anywhere in the
 * chain), or undefined when the error did not come from the database. The message and `detail` are
 * left out: PostgreSQL quotes the offending values there ("value … is out of range", "Key (email)=
 * (…) already exists"); so are the query's parameters.
 */
export function toSafeDatabaseError(error: unknown): SafeDatabaseError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const isDrizzle = error.constructor.name === 'DrizzleQueryError';
  const pgError = findInChain(error, (link) =>
    link.constructor.name === 'DatabaseError' || ('severity' in link && 'routine' in link) ? link : undefined,
  );
  if (!isDrizzle && pgError === undefined) return undefined;
  const code = findPgCode(error);
  const safe: SafeDatabaseError = {
    type: pgError?.constructor.name ?? error.constructor.name,
    message: `database error ${code ?? '(no code)'}`,
    stack: '',
  };
  if (code !== undefined) safe.code = code;
  for (const field of SAFE_FIELDS) {
    const value = pgError === undefined ? undefined : (pgError as Record<string, unknown>)[field];
    if (typeof value === 'string') safe[field] = value;
  }
  // The call sites only: the first line of a stack is the message.
  if ('stack' in error && typeof error.stack === 'string') {
    safe.stack = error.stack
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n');
  }
  return safe;
}

function findInChain<T>(error: unknown, pick: (link: object) => T | undefined): T | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const found = pick(current);
    if (found !== undefined) return found;
    current = 'cause' in current ? current.cause : undefined;
  }
  return undefined;
}
