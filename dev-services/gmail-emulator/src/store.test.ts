import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, expect, it } from 'vitest';

import type { StoredMessage } from './store';
import { Store } from './store';

const directory = mkdtempSync(path.join(tmpdir(), 'gmail-store-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

const stored = (id: string, historyId: number): StoredMessage => ({
  labelIds: ['SENT'],
  historyId,
  rfc822Id: `${id}@test`,
  message: {
    id,
    threadId: id,
    from: 'ada@example.com',
    to: ['zoe@example.org'],
    cc: [],
    bcc: [],
    subject: 'Hi',
    headers: {},
    html: null,
    text: 'Hi',
    raw: 'Subject: Hi\r\n\r\nHi',
    sentAt: '2026-11-27T12:00:00.000Z',
    mailbox: 'ada@example.com',
  },
});

it('reads back what it appended, skipping a torn last line, and keeps ids growing', () => {
  const file = path.join(directory, 'store.jsonl');
  const first = new Store(file);
  first.addSent(stored('00000000000000a1', 1001));
  first.addDraft({ id: 'r1', stored: { ...stored('00000000000000a2', 1002), labelIds: ['DRAFT'] } });
  first.addDraft({ id: 'r2', stored: { ...stored('00000000000000a3', 1003), labelIds: ['DRAFT'] } });
  first.deleteDraft('r1');
  // A crash in the middle of the next append.
  appendFileSync(file, '{"kind":"message","stored":{"labelIds":["SE');

  const second = new Store(file);
  expect(second.sent.map((entry) => entry.message.id)).toEqual(['00000000000000a1']);
  expect([...second.drafts.keys()]).toEqual(['r2']);
  expect(second.findMessage('00000000000000a2')).toBeUndefined();
  expect(second.findByRfc822Id('ada@example.com', '00000000000000a1@test')).toHaveLength(1);
  expect(second.nextHistoryId()).toBe(1004);
  expect(BigInt(`0x${second.newId(0)}`)).toBeGreaterThan(0xa3n);
  second.addSent(stored('00000000000000b1', 1005));
  expect(new Store(file).sent.map((entry) => entry.message.id)).toEqual([
    '00000000000000a1',
    '00000000000000b1',
  ]);

  second.reset();
  expect(readFileSync(file, 'utf8')).toBe('');
  expect(new Store(file).sent).toEqual([]);
});
