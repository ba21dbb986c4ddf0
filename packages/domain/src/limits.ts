/** The spec's limits and constants (section 9), named once. */
export const Limits = {
  /** Request timeout of the client in ms (section 9: 30000 ms); also the server's default for a whole request. */
  requestTimeoutMs: 30_000,
  /** Longest wait for a lazily loaded code chunk in ms (section 9: 120000 ms). */
  chunkLoadTimeoutMs: 120_000,
  /** Largest accepted request body. */
  bodyBytes: 1024 * 1024,
  /** Verification codes: 6 digits (section 9), valid 10 minutes, 5 tries. */
  codeDigits: 6,
  codeTtlSeconds: 10 * 60,
  codeMaxAttempts: 5,
  /** A new code for the same purpose and address may be sent after this many seconds. */
  codeResendSeconds: 60,
  /** Sessions expire after this long without use. */
  sessionIdleSeconds: 30 * 24 * 3600,
  /** Password length bounds (section 5). */
  passwordMin: 8,
  passwordMax: 128,
  /** Name and e-mail lengths. */
  nameMin: 2,
  nameMax: 32,
  emailMax: 254,
  /** Tab strip of visited views (section 9). */
  tabHistory: 4,
  /** Screen width breakpoint (section 2). */
  breakpointPx: 768,
  /** Left offset of the content while the sidebar is open: the open sidebar's width (section 9: 240). */
  sidebarOffsetPx: 240,
  /** Padding kept beside a tab scrolled into view in the tab strip (section 9: 4 px). */
  tabScrollPaddingPx: 4,
  /** Records a "latest" list holds (section 9: 20). */
  latestListSize: 20,
  /** Default page size (section 9: 10) and the sizes a user may choose. */
  defaultPageSize: 10,
  pageSizes: [10, 20, 50, 100] as const,
  /** Login throttling: failures allowed per account and per address within the window. */
  loginWindowSeconds: 15 * 60,
  loginFailuresPerAccount: 5,
  loginFailuresPerAddress: 20,
  /** Longest lock an account's failures can cause; the owner is never locked out for longer. */
  loginMaxLockSeconds: 15 * 60,
  /**
   * Answers that tell whether an account exists (code requests, registrations, password resets) one
   * client address gets within the login window before it must wait (docs/decisions.md, "Telling accounts apart").
   */
  accountLookupsPerAddress: 30,
  /** Sends of verification codes per address within an hour. */
  codeSendsPerAddressHour: 20,
  /**
   * Mail sent to an address a user typed (share invitations, recipient activation links, and their
   * resends): one account mails one address at most once in this many seconds (docs/decisions.md, "Mail
   * on a user's behalf").
   */
  mailAddressIntervalSeconds: 10 * 60,
  /** Such mails one account may have sent within `mailAccountWindowSeconds`. */
  mailsPerAccountWindow: 50,
  /** The rolling window of `mailsPerAccountWindow`: one day. */
  mailAccountWindowSeconds: 24 * 3600,
  /** Display keys (lobby dashboards) a network may have at once. */
  displayTokensPerNetwork: 20,
  /** Deleted networks stay in the recycle bin this long (section 9: 30 days). */
  recycleRetentionDays: 30,
  appVersion: '1.0.0',
  apiVersion: '1.1.0',
  platformCode: 3,
  bundle: 'southgate',
  /** User agent truncated to this many characters as the device identifier (section 9). */
  deviceIdMax: 100,
  /** Most items added at once (section 5/9: up to 10 items, e.g. virtual devices). */
  batchItemsMax: 10,
  /** Toast durations in ms (section 8). */
  toastMs: 3000,
  toastShortMs: 2000,
  toastLongMs: 6000,
} as const;
