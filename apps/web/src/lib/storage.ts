/**
 * Safe access to the browser's Web Storage. Reading or writing throws in some private windows and
 * when the person blocks site data; every helper here swallows that and reports it instead.
 */
type StorageKind = 'local' | 'session';

function storageOf(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStorage(key: string, kind: StorageKind = 'local'): string | null {
  try {
    return storageOf(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Returns false when the value could not be stored. */
export function writeStorage(key: string, value: string, kind: StorageKind = 'local'): boolean {
  try {
    const storage = storageOf(kind);
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStorage(key: string, kind: StorageKind = 'local'): void {
  try {
    storageOf(kind)?.removeItem(key);
  } catch {
    // nothing to remove when storage is unavailable
  }
}

/** True when local storage can be written and read back (false in some private windows). */
export function isLocalStorageAvailable(): boolean {
  const probe = 'mergedesk.storage-probe';
  try {
    const storage = window.localStorage;
    storage.setItem(probe, '1');
    const ok = storage.getItem(probe) === '1';
    storage.removeItem(probe);
    return ok;
  } catch {
    return false;
  }
}

export function readNumber(key: string, kind: StorageKind = 'local'): number | null {
  const raw = readStorage(key, kind);
  if (raw == null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}
