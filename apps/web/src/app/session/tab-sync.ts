import { writeStorage } from '../../lib/storage';
import type { SessionSync, SessionSyncMessage } from './session-types';

/** Name of the BroadcastChannel the tabs of one browser share (issue 6). */
export const SESSION_CHANNEL = 'mergedesk.session';
/** Local-storage key of the fallback: writing it raises a `storage` event in the other tabs. */
export const SESSION_EVENT_STORAGE_KEY = 'mergedesk.session-event';

function parseMessage(value: unknown): SessionSyncMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  if (message.type === 'signed-out' && (message.reason === 'logout' || message.reason === 'expired')) {
    return { type: 'signed-out', reason: message.reason };
  }
  if (message.type === 'signed-in' && typeof message.sessionId === 'string') {
    return { type: 'signed-in', sessionId: message.sessionId };
  }
  return null;
}

function parseStored(value: string | null): SessionSyncMessage | null {
  if (!value) return null;
  try {
    return parseMessage(JSON.parse(value));
  } catch {
    return null;
  }
}

/**
 * Tells the other tabs of this browser about sign-in and sign-out: a BroadcastChannel where the
 * browser has one, else a `storage` event (a local-storage write with a fresh time stamp, so two
 * equal messages in a row are still two changes). Neither delivers to the tab that sent.
 */
export function createTabSync(
  channelFactory: (() => BroadcastChannel) | null = typeof BroadcastChannel === 'function'
    ? () => new BroadcastChannel(SESSION_CHANNEL)
    : null,
): SessionSync {
  const channel = channelFactory?.() ?? null;
  return {
    publish(message) {
      if (channel) {
        channel.postMessage(message);
        return;
      }
      writeStorage(SESSION_EVENT_STORAGE_KEY, JSON.stringify({ ...message, at: Date.now() }));
    },
    subscribe(listener) {
      const onMessage = (event: MessageEvent) => {
        const message = parseMessage(event.data);
        if (message) listener(message);
      };
      const onStorage = (event: StorageEvent) => {
        if (event.key !== SESSION_EVENT_STORAGE_KEY) return;
        const message = parseStored(event.newValue);
        if (message) listener(message);
      };
      channel?.addEventListener('message', onMessage);
      if (!channel) window.addEventListener('storage', onStorage);
      return () => {
        channel?.removeEventListener('message', onMessage);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}
