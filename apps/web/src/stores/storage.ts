/**
 * Browser storage keys of spec section 3 ("Stored in browser") and the web's own UI keys.
 * The session keys keep the spec's names so data survives a reload exactly as described.
 */
export const StorageKeys = {
  token: 'token',
  uid: 'currentUid',
  name: 'currentName',
  email: 'currentEmail',
  pid: 'currentPid',
  pName: 'currentPName',
  nid: 'currentNid',
  nName: 'currentNName',
  timeFormat: 'currentTimeFormat',
  weekStart: 'currentWeekStart',
  pageNumber: 'currentPageNumber',
  sidebarOpened: 'sidebarOpened',
  language: 'language',
  menuState: 'menuState',
  visitedViews: 'visitedViews',
} as const;

/** Keys cleared when the session ends (login data, current project and network). */
export const SESSION_STORAGE_KEYS = [
  StorageKeys.token,
  StorageKeys.uid,
  StorageKeys.name,
  StorageKeys.email,
  StorageKeys.pid,
  StorageKeys.pName,
  StorageKeys.nid,
  StorageKeys.nName,
  StorageKeys.timeFormat,
  StorageKeys.weekStart,
  StorageKeys.pageNumber,
  StorageKeys.visitedViews,
] as const;

/** Reads a stored string; null when absent or storage is unavailable. */
export function readString(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Reads a stored integer; null when absent or not a number. */
export function readNumber(key: string): number | null {
  const raw = readString(key);
  if (raw === null || raw === '') return null;
  const value = Number(raw);
  return Number.isInteger(value) ? value : null;
}

/** Reads a stored JSON value; `fallback` when absent or malformed. */
export function readJson<T>(key: string, fallback: T): T {
  const raw = readString(key);
  if (raw === null) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** Stores a value (strings as-is, others as JSON); null or undefined removes the key. */
export function writeValue(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
  } catch {
    // Storage may be full or disabled (private mode); the in-memory state still works.
  }
}
