import { useCallback, useEffect, useRef, useState } from 'react';
import { newComposerState, type ComposerState } from './composer-state';
import { clearComposerState, loadComposerState, saveComposerState } from './composer-storage';

/** Typing is saved once it pauses, not on every key. */
const SAVE_DELAY_MS = 300;

export type ComposerStateApi = {
  /** Null until the saved composition (if any) is read. */
  state: ComposerState | null;
  update: (change: (state: ComposerState) => ComposerState) => void;
  /** Forgets the composition (after a successful send): a new one starts with a new key. */
  clear: () => Promise<void>;
};

/** The composition of this user in this space, read from and saved to IndexedDB (composer-storage.ts). */
export function useComposerState(userId: string, workspaceId: string): ComposerStateApi {
  const [state, setState] = useState<ComposerState | null>(null);
  const dirty = useRef(false);
  /** The state changed and not saved yet: saved when typing pauses, or at once when the page goes. */
  const unsaved = useRef<ComposerState | null>(null);

  useEffect(() => {
    let cancelled = false;
    void loadComposerState(userId, workspaceId).then((saved) => {
      if (!cancelled) setState((current) => current ?? saved ?? newComposerState());
    });
    return () => {
      cancelled = true;
    };
  }, [userId, workspaceId]);

  useEffect(() => {
    const flush = () => {
      if (unsaved.current === null) return;
      void saveComposerState(userId, workspaceId, unsaved.current);
      unsaved.current = null;
    };
    // A reload right after a change still keeps it (pagehide), and so does leaving the page.
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [userId, workspaceId]);

  useEffect(() => {
    if (state === null || !dirty.current) return;
    unsaved.current = state;
    const timer = setTimeout(() => {
      // Cleared meanwhile (sent): nothing to save.
      if (unsaved.current !== state) return;
      unsaved.current = null;
      void saveComposerState(userId, workspaceId, state);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state, userId, workspaceId]);

  const update = useCallback((change: (state: ComposerState) => ComposerState) => {
    dirty.current = true;
    setState((current) => (current === null ? current : change(current)));
  }, []);

  const clear = useCallback(async () => {
    dirty.current = false;
    unsaved.current = null;
    await clearComposerState(userId, workspaceId);
  }, [userId, workspaceId]);

  return { state, update, clear };
}
