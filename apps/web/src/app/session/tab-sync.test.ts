import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStorage } from '../../lib/storage';
import { createTabSync, SESSION_CHANNEL, SESSION_EVENT_STORAGE_KEY } from './tab-sync';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  localStorage.clear();
});

describe('telling the other tabs (issue 6)', () => {
  it('delivers over a BroadcastChannel to the other tabs, not to the sender', async () => {
    const channels: BroadcastChannel[] = [];
    const factory = () => {
      const channel = new BroadcastChannel(SESSION_CHANNEL);
      channels.push(channel);
      return channel;
    };
    const sender = createTabSync(factory);
    const receiver = createTabSync(factory);
    const received = vi.fn();
    const sent = vi.fn();
    cleanups.push(receiver.subscribe(received), sender.subscribe(sent), () => {
      for (const channel of channels) channel.close();
    });

    sender.publish({ type: 'signed-out', reason: 'logout' });
    await vi.waitFor(() => expect(received).toHaveBeenCalledWith({ type: 'signed-out', reason: 'logout' }));
    expect(sent).not.toHaveBeenCalled();
  });

  it('falls back to storage events without BroadcastChannel, ignoring foreign keys and junk', () => {
    const sender = createTabSync(null);
    const receiver = createTabSync(null);
    const received = vi.fn();
    cleanups.push(receiver.subscribe(received));

    sender.publish({ type: 'signed-in', sessionId: 'session-2' });
    const written = readStorage(SESSION_EVENT_STORAGE_KEY);
    expect(written).toContain('"sessionId":"session-2"');
    // The browser raises `storage` in the other tabs only; a test raises it by hand.
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_EVENT_STORAGE_KEY, newValue: written }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: written }));
    window.dispatchEvent(
      new StorageEvent('storage', { key: SESSION_EVENT_STORAGE_KEY, newValue: '{"type":1' }),
    );
    window.dispatchEvent(
      new StorageEvent('storage', { key: SESSION_EVENT_STORAGE_KEY, newValue: '{"type":"signed-out"}' }),
    );
    expect(received).toHaveBeenCalledTimes(1);
    expect(received).toHaveBeenCalledWith({ type: 'signed-in', sessionId: 'session-2' });
  });
});
