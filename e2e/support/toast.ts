import { expect, type Page } from '@playwright/test';

interface ToastTimes {
  shown?: number;
  hidden?: number;
}
type Watched = Window & { lightwellToasts?: Record<string, ToastTimes> };

/** A toast watched in the page: how long it stayed, and whether it came at all. */
export interface WatchedToast {
  /** Waits until the toast has come and gone; answers how long it stayed (ms, by the page's clock). */
  shownFor(): Promise<number>;
  /** Whether it has been shown so far. */
  seen(): Promise<boolean>;
  /** Waits until it has been shown (it may be gone again by then). */
  shown(): Promise<void>;
}

/**
 * Starts watching the page for a toast containing `text`, before whatever shows it. Timed by the page's
 * own clock (a MutationObserver that stays through the app's own navigation), so a test process slow to
 * look on a busy machine neither misses a toast nor shortens or lengthens it.
 */
export async function watchToast(page: Page, text: string): Promise<WatchedToast> {
  await page.evaluate((wanted) => {
    const watched = window as Watched;
    const times: ToastTimes = {};
    watched.lightwellToasts = { ...watched.lightwellToasts, [wanted]: times };
    const observer = new MutationObserver(() => {
      const present = [...document.querySelectorAll('.ant-message-notice')].some((notice) =>
        notice.textContent?.includes(wanted),
      );
      if (present && times.shown === undefined) times.shown = performance.now();
      if (!present && times.shown !== undefined) {
        times.hidden = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  const read = () => page.evaluate((wanted) => ({ ...(window as Watched).lightwellToasts?.[wanted] }), text);
  const waitShown = async () => {
    await expect.poll(async () => (await read()).shown !== undefined, { message: `a toast "${text}"` }).toBe(true);
  };
  return {
    async shownFor() {
      // First its coming, in the assertion timeout a busy machine needs for the page that shows it; then its
      // going, which the page's own timer decides.
      await waitShown();
      await expect
        .poll(async () => (await read()).hidden !== undefined, { message: `the toast "${text}" to go` })
        .toBe(true);
      const { shown = 0, hidden = 0 } = await read();
      return hidden - shown;
    },
    async seen() {
      return (await read()).shown !== undefined;
    },
    shown: waitShown,
  };
}
