/**
 * The Gmail stand-in for `npm run bench -- sending`, in a process of its own (as real Gmail is
 * outside the server's): started by bench/sending.ts over an IPC channel, it listens on a free
 * port with the test resolver of access tokens (apps/server/src/test/google-tokens.ts: the token
 * names its mailbox) and no send limits, and sends `{ url }` to its parent once it listens. The
 * bench resets it and reads its messages over its HTTP test endpoints (`/_emulator/*`).
 */
import { startGmailEmulator } from '../dev-services/gmail-emulator/src/server';
import { resolveTestGoogleAccessToken } from '../apps/server/src/test/google-tokens';

const emulator = await startGmailEmulator({
  port: 0,
  resolveAccessToken: resolveTestGoogleAccessToken,
  sendsPerSecond: 1_000_000,
  dailySendLimit: 1_000_000,
});
process.send?.({ url: emulator.url });
// The parent gone (or asking): close and end.
const stop = () => void emulator.close().then(() => process.exit(0));
process.on('disconnect', stop);
process.on('SIGTERM', stop);
