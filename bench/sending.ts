/**
 * npm run bench -- sending: the sending engine (issue 24) against the Gmail stand-in in this
 * process. Messages per second for one sender and for 50 senders at once, beside the stand-in's raw
 * capacity (the same messages.send calls through the same client in a bare loop: one loop, or 50
 * loops at once); the engine's CPU per message over the raw loop's (process.cpuUsage: the stand-in
 * runs in this process for both, so the difference is the engine's); the delay from a scheduled
 * merge's time to its first message; and, at the default pace, the shortest gap between two sends
 * of one sender against Gmail's per-user rate (2.5 messages.send a second). The per-sender pace is
 * lifted (SENDING_RATE_PER_SENDER=0) for the throughput runs.
 */
import { DEFAULT_SENDS_PER_SECOND_PER_SENDER } from '@mergedesk/domain/sending/pacing';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { startGmailEmulator, type RunningGmailEmulator } from '../dev-services/gmail-emulator/src/server';
import { buildApp } from '../apps/server/src/app';
import type { Config } from '../apps/server/src/config';
import { createAccessTokenSigner } from '../apps/server/src/lib/access-token';
import { composeMime } from '../apps/server/src/mail/mime';
import { createTestGmailAccounts } from '../apps/server/src/test/gmail';
import { resolveTestGoogleAccessToken } from '../apps/server/src/test/google-tokens';
import { inTransaction, seedOwner, type BenchContext, type Section } from './context';
import { log, printRows } from './report';

const ONE_SENDER_MESSAGES = 1000;
const SENDERS = 50;
const MESSAGES_PER_SENDER = 40;
const PACED_MESSAGES = 12;
/** Gmail: 250 quota units per user per second, messages.send costs 100. */
const GMAIL_SENDS_PER_SECOND = 2.5;
/** Issue 24 targets. */
const AT_LEAST_OF_RAW = 0.8;
const CPU_MS_PER_MESSAGE_AT_MOST = 2;
const SCHEDULED_DELAY_BELOW_MS = 5000;

type Sender = { userId: string; workspaceId: string; email: string; token: string };

const HTML =
  '<p>Hello {{Name}},</p><p>Our <a href="https://example.com/offer">offer</a> for {{Company}}.</p>';

export const sendingSection: Section = {
  name: 'sending',
  description:
    'the sending engine against the Gmail stand-in: throughput vs raw, CPU/message, scheduled delay, pace',
  run: async (context) => {
    const emulator = await startGmailEmulator({
      port: 0,
      resolveAccessToken: resolveTestGoogleAccessToken,
      sendsPerSecond: 1_000_000,
      dailySendLimit: 1_000_000,
    });
    try {
      await runSending(context, emulator);
    } finally {
      await emulator.close();
    }
  },
};

async function runSending(context: BenchContext, emulator: RunningGmailEmulator): Promise<void> {
  const { report } = context;
  const { db, pool } = await context.database();
  const config = await context.config({
    GMAIL_API_URL: `${emulator.url}/`,
    SENDING_RATE_PER_SENDER: '0',
    SENDING_CONCURRENCY: String(SENDERS),
  });
  const senders = await seedSenders(pool, config, SENDERS + 2);
  const gmail = createTestGmailAccounts(() => config);
  for (const sender of senders) gmail.connect(sender.userId, sender.email);

  // The raw capacity: the same client, the same calls, precomposed messages, no engine.
  const rawOne = await rawLoop(gmail.accounts, [senders[0]!], ONE_SENDER_MESSAGES);
  const rawMany = await rawLoop(gmail.accounts, senders.slice(1, SENDERS + 1), MESSAGES_PER_SENDER);
  emulator.reset();

  const app = await buildApp(config, { db, pool, gmailAccounts: gmail.accounts });
  await app.sendingEngine.startWorkers();
  try {
    const start = (sender: Sender, count: number, extra: Record<string, unknown> = {}) =>
      app
        .inject({
          method: 'POST',
          url: '/api/addon/merges',
          headers: { authorization: `Bearer ${sender.token}` },
          payload: mergeBody(sender, count, extra),
        })
        .then((response) => {
          if (response.statusCode !== 202)
            throw new Error(`merges.start answered ${response.statusCode}: ${response.body}`);
        });
    const engineRun = async (group: Sender[], count: number) => {
      emulator.reset();
      const cpu = process.cpuUsage();
      const begin = performance.now();
      await Promise.all(group.map((sender) => start(sender, count)));
      const total = group.length * count;
      while (emulator.messages().length < total) await sleep(5);
      const seconds = (performance.now() - begin) / 1000;
      const used = process.cpuUsage(cpu);
      return { perSecond: total / seconds, cpuMsPerMessage: (used.user + used.system) / 1000 / total };
    };
    const engineOne = await engineRun([senders[0]!], ONE_SENDER_MESSAGES);
    const engineMany = await engineRun(senders.slice(1, SENDERS + 1), MESSAGES_PER_SENDER);

    // A scheduled merge: its time to its first message.
    emulator.reset();
    const scheduledSender = senders[SENDERS + 1]!;
    const scheduledAt = Date.now() + 2000;
    await start(scheduledSender, 1, { scheduledAt });
    while (emulator.messages().length < 1) await sleep(5);
    const scheduledDelay = Date.parse(emulator.messages()[0]!.sentAt) - scheduledAt;

    const runs = [
      { name: '1 sender', messages: ONE_SENDER_MESSAGES, engine: engineOne, raw: rawOne },
      {
        name: `${SENDERS} senders`,
        messages: SENDERS * MESSAGES_PER_SENDER,
        engine: engineMany,
        raw: rawMany,
      },
    ];
    printRows(
      ['run', 'messages', 'engine msg/s', 'raw msg/s', 'of raw', 'engine CPU ms/msg', 'raw CPU ms/msg'],
      runs.map(({ name, messages, engine, raw }) => [
        name,
        String(messages),
        engine.perSecond.toFixed(0),
        raw.perSecond.toFixed(0),
        `${Math.round((engine.perSecond / raw.perSecond) * 100)} %`,
        engine.cpuMsPerMessage.toFixed(2),
        raw.cpuMsPerMessage.toFixed(2),
      ]),
    );
    for (const { name, engine, raw } of runs) {
      report.target({
        section: 'sending',
        name: `${name}: messages per second`,
        value: engine.perSecond,
        unit: 'msg/s',
        ratio: { baselineName: 'raw loop', baseline: raw.perSecond, atLeast: AT_LEAST_OF_RAW, as: 'percent' },
      });
      report.target({
        section: 'sending',
        name: `${name}: CPU the engine adds per message`,
        value: engine.cpuMsPerMessage - raw.cpuMsPerMessage,
        unit: 'ms',
        digits: 2,
        atMost: CPU_MS_PER_MESSAGE_AT_MOST,
      });
    }
    report.target({
      section: 'sending',
      name: 'scheduled time → first message',
      value: scheduledDelay,
      unit: 'ms',
      below: SCHEDULED_DELAY_BELOW_MS,
    });
  } finally {
    await app.close();
  }

  // The default pace: one sender, the shortest gap between two of its sends.
  const pacedConfig: Config = { ...config, SENDING_RATE_PER_SENDER: DEFAULT_SENDS_PER_SECOND_PER_SENDER };
  const paced = await buildApp(pacedConfig, { db, pool, gmailAccounts: gmail.accounts });
  await paced.sendingEngine.startWorkers();
  try {
    emulator.reset();
    const sender = senders[0]!;
    const response = await paced.inject({
      method: 'POST',
      url: '/api/addon/merges',
      headers: { authorization: `Bearer ${sender.token}` },
      payload: mergeBody(sender, PACED_MESSAGES, {}),
    });
    if (response.statusCode !== 202) throw new Error(`paced merge answered ${response.statusCode}`);
    while (emulator.messages().length < PACED_MESSAGES) await sleep(20);
    const times = emulator
      .messages()
      .map((message) => Date.parse(message.sentAt))
      .sort((a, b) => a - b);
    const gaps = times.slice(1).map((time, i) => time - (times[i] ?? time));
    const fastest = 1000 / Math.min(...gaps);
    log(`default pace: ${PACED_MESSAGES} sends, gaps ${Math.min(...gaps)}–${Math.max(...gaps)} ms`);
    report.target({
      section: 'sending',
      name: 'default pace: fastest sends per second of one sender',
      value: fastest,
      unit: '/s',
      digits: 2,
      atMost: GMAIL_SENDS_PER_SECOND,
    });
  } finally {
    await paced.close();
  }
}

function mergeBody(sender: Sender, count: number, extra: Record<string, unknown>) {
  return {
    workspaceId: sender.workspaceId,
    spreadsheetName: 'Bench',
    sheetName: 'Sheet1',
    mergeSourceSheetKey: `bench-${sender.userId}-${Date.now()}-${Math.random()}`,
    subject: 'Hello {{Name}}',
    htmlBody: HTML,
    recipients: Array.from({ length: count }, (_, i) => ({
      email: `r${i}.${sender.userId.slice(0, 8)}@example.org`,
      fields: { Name: `Person ${i}`, Company: 'Acme' },
    })),
    ...extra,
  };
}

async function seedSenders(
  pool: Awaited<ReturnType<BenchContext['database']>>['pool'],
  config: Config,
  count: number,
) {
  const signer = createAccessTokenSigner(config.SESSION_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
  const senders: Sender[] = [];
  const run = Date.now();
  for (let i = 0; i < count; i += 1) {
    const email = `sender${i}.${run}@bench.test`;
    const ids = await inTransaction(pool, (client) =>
      seedOwner(client, { email, spaceName: `Sending ${i} ${run}`, slug: `sending-${i}-${run}` }),
    );
    const { token } = await signer.sign({ sessionId: ids.sessionId, email });
    senders.push({ userId: ids.userId, workspaceId: ids.workspaceId, email, token });
  }
  return senders;
}

/** `perSender` messages.send per sender, each sender's calls one after the other, senders at once. */
async function rawLoop(
  accounts: ReturnType<typeof createTestGmailAccounts>['accounts'],
  group: Sender[],
  perSender: number,
) {
  const prepared = await Promise.all(
    group.map(async (sender) => ({
      account: await accounts.forUser(sender.userId),
      raws: await Promise.all(
        Array.from({ length: perSender }, (_, i) =>
          composeMime({
            from: { name: 'Bench', address: sender.email },
            to: `raw${i}@example.org`,
            subject: `Hello Person ${i}`,
            html: HTML,
            text: 'Hello',
            messageId: `raw-${i}-${sender.userId}@bench.test`,
          }),
        ),
      ),
    })),
  );
  const cpu = process.cpuUsage();
  const begin = performance.now();
  await Promise.all(
    prepared.map(async ({ account, raws }) => {
      for (const raw of raws) await account.send(raw);
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  const used = process.cpuUsage(cpu);
  const total = group.length * perSender;
  return { perSecond: total / seconds, cpuMsPerMessage: (used.user + used.system) / 1000 / total };
}
