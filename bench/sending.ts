/**
 * npm run bench -- sending: the sending engine (issue 24) against the Gmail stand-in, which runs in
 * a process of its own (bench/gmail-stand-in.ts) as real Gmail runs outside the server. Messages
 * per second for one sender and for 50 senders at once, beside the stand-in's raw capacity: the
 * same messages.send calls through the same client from a bare loop in this process, with the
 * messages the engine sends (composed beforehand by the engine's own functions) and the same number
 * in flight per sender as the engine keeps when the pace is lifted (UNPACED_BATCH, 50), timed from
 * its first call to its last answer; the engine from its first run's start (the job picked up, the
 * merge taken) to its last answer, so reading, composing and recording are inside, storing the
 * merge (the add-on's API call) and the job queue's pick-up outside but shown (end-to-end). The
 * engine's CPU per message is this process's (process.cpuUsage) over the raw loop's, which is the
 * client's share; the stand-in's and PostgreSQL's CPU per message are shown beside it (/proc).
 * Then the delay from a scheduled merge's time to its first message and, at the default pace,
 * the shortest gap between two sends of one sender against Gmail's per-user rate (2.5
 * messages.send a second). The per-sender pace is lifted (SENDING_RATE_PER_SENDER=0) for the
 * throughput runs. BENCH_SENDING_ROUNDS (default 3) rounds, raw and engine side by side in each;
 * the targets are judged on the median round.
 */
import { DEFAULT_SENDS_PER_SECOND_PER_SENDER } from '@mergedesk/domain/sending/pacing';
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeliveredMessage } from '../dev-services/gmail-emulator/src/server';
import { buildApp } from '../apps/server/src/app';
import type { Config } from '../apps/server/src/config';
import { createAccessTokenSigner } from '../apps/server/src/lib/access-token';
import { composeMime } from '../apps/server/src/mail/mime';
import type { GmailAccounts } from '../apps/server/src/modules/gmail/gmail-accounts';
import { linkIndexesOf } from '../apps/server/src/modules/sending/merge-campaign';
import { buildMergeMessage } from '../apps/server/src/modules/sending/merge-message';
import { UNPACED_BATCH } from '../apps/server/src/modules/sending/merge-worker';
import { createTrackingTokens, trackingUrlsFor } from '../apps/server/src/modules/tracking/tracking-token';
import { createTestGmailAccounts } from '../apps/server/src/test/gmail';
import { inTransaction, seedOwner, type BenchContext, type Section } from './context';
import { cpuMsOf, postgresCpuMs } from './proc-cpu';
import { log, printRows } from './report';

const ONE_SENDER_MESSAGES = 1000;
const SENDERS = 50;
const MESSAGES_PER_SENDER = 40;
const PACED_MESSAGES = 12;
const ROUNDS = Number(process.env.BENCH_SENDING_ROUNDS ?? 3);
/** Gmail: 250 quota units per user per second, messages.send costs 100. */
const GMAIL_SENDS_PER_SECOND = 2.5;
/** The engine's time-out of one Gmail call (merge-worker.ts): the raw loop's calls carry one too. */
const SEND_TIMEOUT_MS = 30_000;
/** Issue 24 targets. */
const AT_LEAST_OF_RAW = 0.8;
const CPU_MS_PER_MESSAGE_AT_MOST = 2;
const SCHEDULED_DELAY_BELOW_MS = 5000;

type Sender = { userId: string; workspaceId: string; email: string; token: string };
type Database = Awaited<ReturnType<BenchContext['database']>>;

const SUBJECT = 'Hello {{Name}}';
const HTML =
  '<p>Hello {{Name}},</p><p>Our <a href="https://example.com/offer">offer</a> for {{Company}}.</p>';
const fieldsOf = (i: number) => ({ Name: `Person ${i}`, Company: 'Acme' });

/** One measured run: rate over the sending (first call → last answer), CPU ms per message. */
type Measured = {
  perSecond: number;
  cpuMsPerMessage: number;
  standInCpuMsPerMessage: number;
  postgresCpuMsPerMessage: number;
};
type EngineMeasured = Measured & {
  /** From the merges' API calls to the last answer: storing the merges and the job queue's pick-up included. */
  endToEndPerSecond: number;
  /** From the merges' API calls to the first run's start (the job queue polls every 0.5 s). */
  startMs: number;
  /** From the first run's start to its first messages.send (reading and composing the first batch). */
  firstSendMs: number;
};
type Round = { raw: Measured; engine: EngineMeasured };

export const sendingSection: Section = {
  name: 'sending',
  description:
    'the sending engine against the Gmail stand-in (own process): throughput vs raw, CPU/message, scheduled delay, pace',
  run: async (context) => {
    const standIn = await startStandIn();
    try {
      await runSending(context, standIn);
    } finally {
      await standIn.close();
    }
  },
};

async function runSending(context: BenchContext, standIn: StandIn): Promise<void> {
  const { report } = context;
  const database = await context.database();
  const config = await context.config({
    GMAIL_API_URL: `${standIn.url}/`,
    SENDING_RATE_PER_SENDER: '0',
    SENDING_CONCURRENCY: String(SENDERS),
  });
  const gmail = createTestGmailAccounts(() => config);
  const counted = countSends(gmail.accounts);
  const seed = async (count: number) => {
    const senders = await seedSenders(database.pool, config, count);
    for (const sender of senders) gmail.connect(sender.userId, sender.email);
    return senders;
  };
  const cpu = (): Cpu => ({
    own: process.cpuUsage(),
    standIn: cpuMsOf(standIn.pid),
    postgres: postgresCpuMs(database.postmasterPid()),
  });

  const app = await buildApp(config, {
    db: database.db,
    pool: database.pool,
    gmailAccounts: counted.accounts,
  });
  await app.sendingEngine.startWorkers();
  const oneSender: Round[] = [];
  const manySenders: Round[] = [];
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

    const rawRun = async (group: Sender[], perSender: number): Promise<Measured> => {
      const prepared = await prepareRaw(gmail.accounts, config, group, perSender);
      await standIn.reset();
      globalThis.gc?.();
      const before = cpu();
      const begin = performance.now();
      await Promise.all(prepared.map(({ account, raws }) => sendWithInFlight(account, raws, UNPACED_BATCH)));
      const seconds = (performance.now() - begin) / 1000;
      const total = group.length * perSender;
      await standIn.expect(total);
      return { perSecond: total / seconds, ...cpuPerMessage(before, cpu(), total) };
    };

    const engineRun = async (group: Sender[], count: number): Promise<EngineMeasured> => {
      await standIn.reset();
      globalThis.gc?.();
      const total = group.length * count;
      counted.reset();
      const before = cpu();
      const begin = performance.now();
      await Promise.all(group.map((sender) => start(sender, count)));
      const { runStart, first, last } = await counted.until(total);
      // The CPU of the last batch's recording and the merges' end counts too.
      await mergesDone(database, group);
      const after = cpu();
      await standIn.expect(total);
      return {
        perSecond: total / ((last - runStart) / 1000),
        endToEndPerSecond: total / ((last - begin) / 1000),
        startMs: runStart - begin,
        firstSendMs: first - runStart,
        ...cpuPerMessage(before, after, total),
      };
    };

    for (let round = 0; round < ROUNDS; round += 1) {
      const senders = await seed(SENDERS + 1);
      const one = [senders[0]!];
      const many = senders.slice(1);
      oneSender.push({
        raw: await rawRun(one, ONE_SENDER_MESSAGES),
        engine: await engineRun(one, ONE_SENDER_MESSAGES),
      });
      manySenders.push({
        raw: await rawRun(many, MESSAGES_PER_SENDER),
        engine: await engineRun(many, MESSAGES_PER_SENDER),
      });
    }

    // A scheduled merge: its time to its first message.
    await standIn.reset();
    counted.reset();
    const [scheduledSender] = await seed(1);
    const scheduledAt = Date.now() + 2000;
    await start(scheduledSender!, 1, { scheduledAt });
    await counted.until(1);
    const [first] = await standIn.messages();
    const scheduledDelay = Date.parse(first!.sentAt) - scheduledAt;

    const runs = [
      { name: '1 sender', messages: ONE_SENDER_MESSAGES, rounds: oneSender },
      { name: `${SENDERS} senders`, messages: SENDERS * MESSAGES_PER_SENDER, rounds: manySenders },
    ];
    const ms = (value: number) => value.toFixed(2);
    printRows(
      [
        'run',
        'round',
        'messages',
        'raw msg/s',
        'engine msg/s',
        'of raw',
        'engine end-to-end msg/s',
        'start ms',
        'first send ms',
        'raw CPU ms/msg',
        'engine CPU ms/msg',
        'added ms/msg',
        'stand-in ms/msg raw / engine',
        'PostgreSQL ms/msg',
      ],
      runs.flatMap(({ name, messages, rounds }) =>
        rounds.map(({ raw, engine }, i) => [
          name,
          String(i + 1),
          String(messages),
          raw.perSecond.toFixed(0),
          engine.perSecond.toFixed(0),
          `${Math.round((engine.perSecond / raw.perSecond) * 100)} %`,
          engine.endToEndPerSecond.toFixed(0),
          engine.startMs.toFixed(0),
          engine.firstSendMs.toFixed(0),
          ms(raw.cpuMsPerMessage),
          ms(engine.cpuMsPerMessage),
          ms(engine.cpuMsPerMessage - raw.cpuMsPerMessage),
          `${ms(raw.standInCpuMsPerMessage)} / ${ms(engine.standInCpuMsPerMessage)}`,
          ms(engine.postgresCpuMsPerMessage),
        ]),
      ),
      2,
    );
    log(
      `raw loop: the engine's messages composed beforehand, ${UNPACED_BATCH} calls in flight per sender, ` +
        'first call → last answer; engine msg/s: the first run’s start (its Gmail account asked for) → ' +
        'last answer; end-to-end and start ms: from the merges’ API calls; first send ms: run start → first call',
    );
    for (const { name, rounds } of runs) {
      const byRatio = median(rounds, ({ raw, engine }) => engine.perSecond / raw.perSecond);
      report.target({
        section: 'sending',
        name: `${name}: messages per second (median of ${rounds.length})`,
        value: byRatio.engine.perSecond,
        unit: 'msg/s',
        ratio: {
          baselineName: 'raw loop',
          baseline: byRatio.raw.perSecond,
          atLeast: AT_LEAST_OF_RAW,
          as: 'percent',
        },
      });
      const byCpu = median(rounds, ({ raw, engine }) => engine.cpuMsPerMessage - raw.cpuMsPerMessage);
      report.target({
        section: 'sending',
        name: `${name}: CPU the engine adds per message (median of ${rounds.length})`,
        value: byCpu.engine.cpuMsPerMessage - byCpu.raw.cpuMsPerMessage,
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
  const paced = await buildApp(pacedConfig, {
    db: database.db,
    pool: database.pool,
    gmailAccounts: counted.accounts,
  });
  await paced.sendingEngine.startWorkers();
  try {
    await standIn.reset();
    counted.reset();
    const [sender] = await seed(1);
    const response = await paced.inject({
      method: 'POST',
      url: '/api/addon/merges',
      headers: { authorization: `Bearer ${sender!.token}` },
      payload: mergeBody(sender!, PACED_MESSAGES, {}),
    });
    if (response.statusCode !== 202) throw new Error(`paced merge answered ${response.statusCode}`);
    await counted.until(PACED_MESSAGES);
    const times = (await standIn.messages())
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

/** The round whose `key` is the median (the upper one of an even count). */
function median(rounds: Round[], key: (round: Round) => number): Round {
  const sorted = [...rounds].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor(sorted.length / 2)]!;
}

type Cpu = { own: NodeJS.CpuUsage; standIn: number; postgres: number };

function cpuPerMessage(before: Cpu, after: Cpu, total: number) {
  const ownMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
  return {
    cpuMsPerMessage: (ownMs(after.own) - ownMs(before.own)) / total,
    standInCpuMsPerMessage: (after.standIn - before.standIn) / total,
    postgresCpuMsPerMessage: (after.postgres - before.postgres) / total,
  };
}

function mergeBody(sender: Sender, count: number, extra: Record<string, unknown>) {
  return {
    workspaceId: sender.workspaceId,
    spreadsheetName: 'Bench',
    sheetName: 'Sheet1',
    mergeSourceSheetKey: `bench-${sender.userId}-${Date.now()}-${Math.random()}`,
    subject: SUBJECT,
    htmlBody: HTML,
    recipients: Array.from({ length: count }, (_, i) => ({
      email: `r${i}.${sender.userId.slice(0, 8)}@example.org`,
      fields: fieldsOf(i),
    })),
    ...extra,
  };
}

async function seedSenders(pool: Database['pool'], config: Config, count: number) {
  const signer = createAccessTokenSigner(config.SESSION_SECRET, config.ACCESS_TOKEN_TTL_SECONDS);
  const senders: Sender[] = [];
  const run = `${Date.now()}-${randomUUID().slice(0, 8)}`;
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

/** Waits until every merge of the group's senders is DONE (polled; a few queries). */
async function mergesDone(database: Database, group: Sender[]): Promise<void> {
  const userIds = group.map((sender) => sender.userId);
  for (;;) {
    const { rows } = await database.pool.query<{ open: string }>(
      `select count(*) as open from merges where user_id = any($1::uuid[]) and status <> 'DONE'`,
      [userIds],
    );
    if (Number(rows[0]?.open ?? 0) === 0) return;
    await sleep(10);
  }
}

/**
 * The messages the engine would send each sender's recipients (its own buildMergeMessage and
 * composeMime, with tracking URLs and a Message-ID per recipient), composed beforehand: the raw
 * loop measures the calls only.
 */
async function prepareRaw(accounts: GmailAccounts, config: Config, group: Sender[], perSender: number) {
  const tokens = createTrackingTokens(config.SESSION_SECRET);
  const linkIndexes = linkIndexesOf(HTML);
  const messageIdHost = new URL(config.PUBLIC_URL).hostname;
  return Promise.all(
    group.map(async (sender) => ({
      account: await accounts.forUser(sender.userId),
      raws: await Promise.all(
        Array.from({ length: perSender }, (_, i) => {
          const recipient = {
            id: randomUUID(),
            email: `raw${i}.${sender.userId.slice(0, 8)}@example.org`,
            fields: fieldsOf(i),
          };
          return composeMime(
            buildMergeMessage({
              subject: SUBJECT,
              htmlBody: HTML,
              options: { trackOpens: true, trackClicks: true },
              recipient,
              from: { name: 'Bench', address: sender.email },
              urls: trackingUrlsFor(config.TRACKING_URL ?? config.PUBLIC_URL, tokens.sign(recipient.id)),
              linkIndexes,
              messageIdHost,
            }),
          );
        }),
      ),
    })),
  );
}

type Account = Awaited<ReturnType<GmailAccounts['forUser']>>;

/** All of `raws` through `account`, `inFlight` calls at a time (each next call as one is answered). */
async function sendWithInFlight(account: Account, raws: Buffer[], inFlight: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, raws.length) }, async () => {
      while (next < raws.length) {
        const raw = raws[next]!;
        next += 1;
        await account.send(raw, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      }
    }),
  );
}

/**
 * The senders' Gmail as the engine gets it, each messages.send answered counted: when a run first
 * asked for a sender's Gmail (a run's start, after taking its merge), when the first call left and
 * the last answer came (performance.now()), and a wait for a count.
 */
function countSends(inner: GmailAccounts) {
  let sent = 0;
  let runStart: number | undefined;
  let first: number | undefined;
  let last = 0;
  let waiting: { count: number; resolve: () => void } | undefined;
  const accounts: GmailAccounts = {
    forUser: async (userId) => {
      runStart ??= performance.now();
      const account = await inner.forUser(userId);
      return {
        ...account,
        send: async (raw, options) => {
          first ??= performance.now();
          const answer = await account.send(raw, options);
          sent += 1;
          last = performance.now();
          if (waiting && sent >= waiting.count) waiting.resolve();
          return answer;
        },
      };
    },
  };
  return {
    accounts,
    reset: () => {
      sent = 0;
      runStart = undefined;
      first = undefined;
      last = 0;
    },
    until: async (count: number): Promise<{ runStart: number; first: number; last: number }> => {
      if (sent < count) {
        await new Promise<void>((resolve) => {
          waiting = { count, resolve };
        });
        waiting = undefined;
      }
      return { runStart: runStart ?? last, first: first ?? last, last };
    },
  };
}

type StandIn = {
  url: string;
  pid: number;
  reset: () => Promise<void>;
  messages: () => Promise<DeliveredMessage[]>;
  /** Throws unless the stand-in holds exactly `count` messages (every send delivered once). */
  expect: (count: number) => Promise<void>;
  close: () => Promise<void>;
};

/** bench/gmail-stand-in.ts in a child process; its URL comes over the IPC channel. */
async function startStandIn(): Promise<StandIn> {
  const child = fork('bench/gmail-stand-in.ts', [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const ready = (await Promise.race([
    once(child, 'message'),
    exited.then(() => {
      throw new Error('the Gmail stand-in ended before it listened');
    }),
  ])) as [{ url: string }];
  const { url } = ready[0];
  log(`Gmail stand-in at ${url}, process ${child.pid}`);
  const call = async (method: string, path: string) => {
    const response = await fetch(`${url}${path}`, { method });
    if (!response.ok) throw new Error(`stand-in ${method} ${path} answered ${response.status}`);
    return response.json() as Promise<unknown>;
  };
  const messages = async () => (await call('GET', '/_emulator/messages')) as DeliveredMessage[];
  return {
    url,
    pid: child.pid!,
    reset: async () => {
      await call('POST', '/_emulator/reset');
    },
    messages,
    expect: async (count) => {
      const held = (await messages()).length;
      if (held !== count) throw new Error(`the stand-in holds ${held} messages, ${count} were sent`);
    },
    close: async () => {
      if (child.exitCode === null) child.disconnect();
      await exited;
    },
  };
}
