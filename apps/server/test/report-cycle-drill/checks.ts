// What the report-cycle drill checks at its end: the runs of its project and the mails the servers took.
import { expect } from 'vitest';
import { readMail } from '../support/mime.ts';
import type { ReceivedMail } from '../support/smtp-sink.ts';
import { CYCLES, type DuePeriod } from './plan.ts';

/** Subject, late subject and late text of each recipient language (en, zh). */
const LANGUAGE = {
  0: { subject: /^Energy report \(/, late: 'Late: ', text: 'This report is late' },
  1: { subject: /^能耗报告（/, late: '延迟：', text: '此报告已延迟' },
} as const;

/** What the checks read of the drill: its database and the messages its mail servers took. */
interface Drill {
  rows<T>(text: string, values?: unknown[]): Promise<T[]>;
  readonly taken: readonly { console: number; mail: ReceivedMail }[];
}

/** A report run as the database holds it. */
interface RunRow {
  cycle: string;
  period_key: string;
  version: number;
  state: string;
  late: boolean;
  late_reason: string | null;
  id: number;
}

/** A delivery as the database holds it. */
interface DeliveryRow {
  run_id: number;
  email: string;
  message_id: string;
  state: string;
  attempts: number;
}

/**
 * Expects one run of the project per period due, version 1 and sent, nothing else; those due in the downtime
 * late for it, the others on time. Answers the runs.
 */
export async function expectOneRunPerPeriod(
  drill: Drill,
  pid: number,
  due: readonly DuePeriod[],
  lateKeys: ReadonlySet<string>,
): Promise<RunRow[]> {
  const runs = await drill.rows<RunRow>(
    `SELECT id, cycle, period_key, version, state, late, late_reason FROM report_runs WHERE pid = $1 ORDER BY cycle, period_key`,
    [pid],
  );
  expect(runs.map((run) => `${run.cycle} ${run.period_key} v${run.version} ${run.state}`).sort()).toEqual(
    due.map((item) => `${item.cycle} ${item.key} v1 sent`).sort(),
  );
  for (const run of runs) {
    expect([run.period_key, run.late, run.late_reason]).toEqual(
      lateKeys.has(run.period_key) ? [run.period_key, true, 'downtime'] : [run.period_key, false, null],
    );
  }
  return runs;
}

/**
 * Expects every recipient to have exactly one message the server took per period, by Message-ID and by
 * count, each delivery sent: in the recipient's language, late ones saying so in subject and text, the
 * others not; oldest first within each cycle. Answers the deliveries, and each by its Message-ID.
 */
export async function expectOneMailPerPeriod(
  drill: Drill,
  runs: readonly RunRow[],
  due: readonly DuePeriod[],
  lateKeys: ReadonlySet<string>,
  recipients: readonly { email: string; language: number }[],
): Promise<{ deliveries: DeliveryRow[]; byMessageId: Map<string, DeliveryRow> }> {
  const deliveries = await drill.rows<DeliveryRow>(
    'SELECT run_id, email, message_id, state, attempts FROM report_deliveries',
  );
  const runOf = new Map(runs.map((run) => [run.id, run]));
  expect(deliveries).toHaveLength(due.length * recipients.length);
  expect(deliveries.every((delivery) => delivery.state === 'sent')).toBe(true);
  const byMessageId = new Map(deliveries.map((delivery) => [delivery.message_id, delivery]));
  for (const recipient of recipients) {
    const mails = drill.taken
      .filter((item) => item.mail.to.includes(recipient.email))
      .map((item) => readMail(item.mail.raw));
    expect(mails, recipient.email).toHaveLength(due.length);
    expect(new Set(mails.map((mail) => mail.messageId)).size, recipient.email).toBe(due.length);
    const periods = mails.map((mail) => {
      const delivery = byMessageId.get(mail.messageId);
      expect(delivery?.email, mail.messageId).toBe(recipient.email);
      const run = runOf.get(delivery!.run_id)!;
      return { mail, run };
    });
    expect(periods.map(({ run }) => `${run.cycle} ${run.period_key}`).sort()).toEqual(
      due.map((item) => `${item.cycle} ${item.key}`).sort(),
    );
    // In the recipient's language; late ones say so in subject and text, the others do not.
    const language = LANGUAGE[recipient.language as 0 | 1];
    for (const { mail, run } of periods) {
      const late = lateKeys.has(run.period_key);
      const subject = late ? mail.subject.slice(language.late.length) : mail.subject;
      expect(mail.subject.startsWith(language.late), `${recipient.email} ${mail.subject}`).toBe(late);
      expect(subject).toMatch(language.subject);
      expect(mail.subject).toContain(run.period_key);
      expect(mail.text.includes(language.text), `${recipient.email} ${run.period_key}`).toBe(late);
    }
    // Oldest first within each cycle, as the server took them.
    for (const { cycle } of CYCLES) {
      const keys = periods.filter(({ run }) => run.cycle === cycle).map(({ run }) => run.period_key);
      expect(keys, `${recipient.email} ${cycle}`).toEqual([...keys].sort());
    }
  }
  return { deliveries, byMessageId };
}
