import { startGmailEmulator } from './server';

/**
 * `npm start -w @mergedesk/gmail-emulator`: the Gmail stand-in on its own. GMAIL_EMULATOR_PORT
 * (3003), GMAIL_EMULATOR_HOST (127.0.0.1), GMAIL_EMULATOR_DATA_FILE (memory only when unset),
 * GMAIL_EMULATOR_USERINFO_URL (an OpenID userinfo endpoint that maps access tokens to mailboxes;
 * unset: the bearer token is the mailbox address), GMAIL_EMULATOR_DAILY_SEND_LIMIT (2000),
 * GMAIL_EMULATOR_SENDS_PER_SECOND (10).
 */
const numberFrom = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a whole number (got ${process.env[name]}).`);
  }
  return value;
};

const port = numberFrom('GMAIL_EMULATOR_PORT', 3003);
const emulator = await startGmailEmulator({
  port,
  host: process.env.GMAIL_EMULATOR_HOST,
  dataFile: process.env.GMAIL_EMULATOR_DATA_FILE,
  userinfoUrl: process.env.GMAIL_EMULATOR_USERINFO_URL,
  dailySendLimit: numberFrom('GMAIL_EMULATOR_DAILY_SEND_LIMIT', 2000),
  sendsPerSecond: numberFrom('GMAIL_EMULATOR_SENDS_PER_SECOND', 10),
});

console.log(
  `Gmail stand-in at ${emulator.url} (API rootUrl ${emulator.url}/; ${
    process.env.GMAIL_EMULATOR_USERINFO_URL === undefined
      ? 'the bearer token is the mailbox address'
      : `tokens resolved at ${process.env.GMAIL_EMULATOR_USERINFO_URL}`
  })`,
);

// Its own signal handling: the emulator shares no code with the server that calls it.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    console.log(`${signal} received, shutting down…`);
    emulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
