import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { isComposerState, type ComposerState } from './composer-state';

/**
 * Where the composition survives a reload (docs/decisions/411-composer-state-in-indexeddb.md):
 * IndexedDB through idb-keyval, one entry per user and space. A file of 5,000 rows × 50 columns is
 * megabytes, past what Web Storage holds (~5 MB of UTF-16 per origin, shared with the app).
 * Without IndexedDB (a private window may refuse it) nothing is saved and composing still works.
 */
let store: UseStore | null = null;
const composerStore = (): UseStore => {
  store ??= createStore('mergedesk-composer', 'drafts');
  return store;
};

const keyOf = (userId: string, workspaceId: string) => `${userId}:${workspaceId}`;

export async function loadComposerState(userId: string, workspaceId: string): Promise<ComposerState | null> {
  try {
    const value: unknown = await get(keyOf(userId, workspaceId), composerStore());
    return isComposerState(value) ? value : null;
  } catch {
    return null;
  }
}

export async function saveComposerState(
  userId: string,
  workspaceId: string,
  state: ComposerState,
): Promise<void> {
  try {
    await set(keyOf(userId, workspaceId), state, composerStore());
  } catch {
    // Not saved: the composition lives until the page is left.
  }
}

export async function clearComposerState(userId: string, workspaceId: string): Promise<void> {
  try {
    await del(keyOf(userId, workspaceId), composerStore());
  } catch {
    // Nothing saved to clear.
  }
}
