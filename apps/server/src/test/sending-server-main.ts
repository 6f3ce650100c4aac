/**
 * The server as main.ts starts it, with every sender's Gmail connected through a fixed access token
 * (their address, which the Gmail stand-in of the test takes as the mailbox): the sending engine's
 * fault tests kill and restart it (sending.faults.test.ts). Not a production entry.
 */
import { eq } from 'drizzle-orm';
import { loadConfigOrExit } from '../config';
import type { Database } from '../db/client';
import { deferSignalsWhileStarting, startServer, stopOnSignals } from '../server';
import { userView } from '../modules/users/users.views';
import { createTestGmailAccounts } from './gmail';

const starting = deferSignalsWhileStarting();
const config = loadConfigOrExit();
const started: { db?: Database } = {};
const gmail = createTestGmailAccounts(
  () => config,
  async (userId) => {
    if (started.db === undefined) return undefined;
    const [user] = await started.db
      .select({ email: userView.email })
      .from(userView)
      .where(eq(userView.id, userId));
    return user?.email;
  },
);
const server = await startServer(config, { gmailAccounts: gmail.accounts });
started.db = server.db;
stopOnSignals(server.close, (message) => server.app.log.info(message));
starting.started();
