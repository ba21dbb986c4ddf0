import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildTestApp } from '../../../test/helpers.ts';
import { readMail } from '../../../test/support/mime.ts';
import {
  buildActiveRecipient,
  enableCycles,
  reportCycleSite,
  setClock,
} from '../../../test/support/report-cycle-site.ts';
import { startSmtpSink } from '../../../test/support/smtp-sink.ts';
import { reportRuns } from '../../db/schema.ts';
import { runReportCycles } from '../../services/report-cycles/engine.ts';

const sections = ['energy', 'cost', 'co2'] as const;
export const weekly = { cycle: 'weekly', enabled: true, sendDay: 1, sections: [...sections] } as const;
export const DAY = 86_400;

/**
 * An app sending mail to an SMTP sink, with a report-cycle site and two active recipients (English, German)
 * that have been sent the weekly report of week 12 (`issued`), the clock at 23 March 2026 00:30 (test
 * factory). Close `t` and `sink` after use.
 */
async function issuedWeeklySite() {
  const sink = await startSmtpSink();
  const t = await buildTestApp({ SMTP_URL: sink.url, PUBLIC_URL: 'https://console.example.com' });
  setClock(t, '2026-03-18T10:00:00Z');
  const site = await reportCycleSite(t);
  const english = await buildActiveRecipient(t, site.pid, 'api-en@example.com', 0);
  const german = await buildActiveRecipient(t, site.pid, 'api-de@example.com', 2);
  await enableCycles(t, site, [weekly]);
  setClock(t, '2026-03-23T00:30:20Z');
  await runReportCycles(t.app.ctx);
  const issued = (await t.db.select().from(reportRuns).where(eq(reportRuns.pid, site.pid)))[0]!;
  return { sink, t, site, english, german, issued };
}

type IssuedWeeklySite = Awaited<ReturnType<typeof issuedWeeklySite>>;

/**
 * The report-cycle route tests' setup: registers the hooks that make the issued weekly site of
 * `issuedWeeklySite` once for the file and close its app and sink, and answers the site's parts (set once
 * the hooks ran) with `newestMail`.
 */
export function useIssuedWeeklySite() {
  let made: IssuedWeeklySite;
  beforeAll(async () => {
    made = await issuedWeeklySite();
  }, 120_000);
  afterAll(async () => {
    await made.t.close();
    await made.sink.close();
  });
  return {
    get sink() {
      return made.sink;
    },
    get t() {
      return made.t;
    },
    get site() {
      return made.site;
    },
    get english() {
      return made.english;
    },
    get german() {
      return made.german;
    },
    /** The weekly report of week 12, sent to both recipients. */
    get issued() {
      return made.issued;
    },
    /** The newest mail to an address, read. */
    newestMail(email: string) {
      const mail = made.sink.mails.filter((item) => item.to.includes(email)).at(-1);
      if (!mail) throw new Error(`no mail to ${email}`);
      return readMail(mail.raw);
    },
  };
}

/** A `link=` token of a page in a mail's text. */
export function linkIn(text: string, page: '/report/projectPDF1' | '/email/register'): string {
  const token = new RegExp(`${page.replace(/\//g, '\\/')}\\?link=([A-Za-z0-9_.-]+)`).exec(text)?.[1];
  if (!token) throw new Error(`no ${page} link`);
  return token;
}
/** The token with one character of its signature changed. */
export const tamper = (token: string) => `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
