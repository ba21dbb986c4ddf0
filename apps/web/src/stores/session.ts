import {
  DEFAULT_TIME_FORMAT,
  DEFAULT_WEEK_START,
  Limits,
  type LoginResult,
  type TimeFormat,
  type User,
} from '@lightwell/domain';
import { create } from 'zustand';
import { readNumber, readString, SESSION_STORAGE_KEYS, StorageKeys, writeValue } from './storage';

/** The signed-in user and current project as kept in the browser (spec section 3). */
export interface SessionState {
  token: string | null;
  uid: number | null;
  name: string;
  email: string;
  /** Current project id and name (breadcrumb choice). */
  pid: number | null;
  pName: string;
  /** Current network id and name (breadcrumb choice, section 3 `nid`, `nName`). */
  nid: number | null;
  nName: string;
  timeFormat: TimeFormat;
  /** First day of the week, 1 Monday … 7 Sunday. */
  weekStart: number;
  /** Page size of lists. */
  pageNumber: number;
  /** Account roles for the route filter (section 6); the server sends none yet. */
  roles: readonly string[];
  /** Stores a successful login. */
  signIn: (result: LoginResult) => void;
  /** Applies changed user fields (name, e-mail, settings). */
  updateUser: (user: Partial<Pick<User, 'name' | 'email' | 'timeFormat' | 'weekStart' | 'pageNumber'>>) => void;
  /** Stores the current project, or clears it with null. */
  setProject: (pid: number | null, pName?: string) => void;
  /** Stores the current network, or clears it with null. */
  setNetwork: (nid: number | null, nName?: string) => void;
  /** Forgets the login data (logout, expired session). */
  clear: () => void;
}

function asTimeFormat(value: number | null): TimeFormat {
  return value === 0 || value === 1 || value === 2 ? value : DEFAULT_TIME_FORMAT;
}

function loadSession() {
  return {
    token: readString(StorageKeys.token),
    uid: readNumber(StorageKeys.uid),
    name: readString(StorageKeys.name) ?? '',
    email: readString(StorageKeys.email) ?? '',
    pid: readNumber(StorageKeys.pid),
    pName: readString(StorageKeys.pName) ?? '',
    nid: readNumber(StorageKeys.nid),
    nName: readString(StorageKeys.nName) ?? '',
    timeFormat: asTimeFormat(readNumber(StorageKeys.timeFormat)),
    weekStart: readNumber(StorageKeys.weekStart) ?? DEFAULT_WEEK_START,
    pageNumber: readNumber(StorageKeys.pageNumber) ?? Limits.defaultPageSize,
  };
}

const signedOut = {
  token: null,
  uid: null,
  name: '',
  email: '',
  pid: null,
  pName: '',
  nid: null,
  nName: '',
  timeFormat: DEFAULT_TIME_FORMAT,
  weekStart: DEFAULT_WEEK_START,
  pageNumber: Limits.defaultPageSize,
};

/** Session store; every change is written to the spec's storage keys. */
export const useSession = create<SessionState>()((set) => ({
  ...loadSession(),
  roles: [],
  signIn: (result) => {
    writeValue(StorageKeys.token, result.token);
    writeValue(StorageKeys.uid, result.uid);
    writeValue(StorageKeys.name, result.name);
    writeValue(StorageKeys.email, result.email);
    writeValue(StorageKeys.timeFormat, result.timeFormat);
    writeValue(StorageKeys.weekStart, result.weekStart);
    writeValue(StorageKeys.pageNumber, result.pageNumber);
    set({
      token: result.token,
      uid: result.uid,
      name: result.name,
      email: result.email,
      timeFormat: result.timeFormat,
      weekStart: result.weekStart,
      pageNumber: result.pageNumber,
    });
  },
  updateUser: (user) => {
    if (user.name !== undefined) writeValue(StorageKeys.name, user.name);
    if (user.email !== undefined) writeValue(StorageKeys.email, user.email);
    if (user.timeFormat !== undefined) writeValue(StorageKeys.timeFormat, user.timeFormat);
    if (user.weekStart !== undefined) writeValue(StorageKeys.weekStart, user.weekStart);
    if (user.pageNumber !== undefined) writeValue(StorageKeys.pageNumber, user.pageNumber);
    set(Object.fromEntries(Object.entries(user).filter(([, value]) => value !== undefined)));
  },
  setProject: (pid, pName = '') => {
    writeValue(StorageKeys.pid, pid);
    writeValue(StorageKeys.pName, pid === null ? null : pName);
    set({ pid, pName: pid === null ? '' : pName });
  },
  setNetwork: (nid, nName = '') => {
    writeValue(StorageKeys.nid, nid);
    writeValue(StorageKeys.nName, nid === null ? null : nName);
    set({ nid, nName: nid === null ? '' : nName });
  },
  clear: () => {
    for (const key of SESSION_STORAGE_KEYS) writeValue(key, null);
    set(signedOut);
  },
}));
