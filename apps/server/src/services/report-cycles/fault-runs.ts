import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { reportDeliveries, reportRuns } from '../../db/schema.ts';
import type { MailTemplate } from '../../mail/templates.ts';
import { claimDelivery, recordIntents, sendDelivery, settleRun } from './deliveries.ts';

/** A fault whose mail is recorded: the run of kind `fault` is the fault's, its deliveries one per address. */
export interface RecordedFault {
  id: number;
  pid: number;
  nid: number;
  openedAt: Date;
}

/**
 * Sends a real-time fault mail through the record of automatic mails: the fault's run (kind `fault`, cycle
 * `realtime`, key `F<fault id>`, made once), an intent with its Message-ID before SMTP, the answer after.
 * A fault mail is not tried again (as before); an intent a dead process left is reconciled like any other.
 * Rejects with the mail server's refusal when it is not sent.
 */
export async function sendRecordedFaultMail(
  ctx: AppContext,
  fault: RecordedFault,
  recipient: { email: string; language: number },
  template: MailTemplate,
): Promise<void> {
  const now = ctx.now();
  const key = {
    pid: fault.pid,
    nid: fault.nid,
    kind: 'fault',
    cycle: 'realtime',
    periodKey: `F${fault.id}`,
    version: 1,
  };
  await ctx.db
    .insert(reportRuns)
    .values({
      ...key,
      nids: [fault.nid],
      periodStart: fault.openedAt,
      periodEnd: fault.openedAt,
      sendAt: now,
      figures: { faultId: fault.id },
      summary: [{ name: 'faults', value: 1, unit: null }],
      issuedAt: now,
      deliveriesAt: now,
    })
    .onConflictDoNothing();
  const [run] = await ctx.db
    .select({ id: reportRuns.id })
    .from(reportRuns)
    .where(
      and(
        eq(reportRuns.pid, key.pid),
        eq(reportRuns.nid, key.nid),
        eq(reportRuns.kind, key.kind),
        eq(reportRuns.cycle, key.cycle),
        eq(reportRuns.periodKey, key.periodKey),
        eq(reportRuns.version, 1),
      ),
    );
  const intent = {
    runId: run!.id,
    recipientId: null,
    email: recipient.email,
    language: recipient.language,
    formats: [],
    copy: 0,
    template,
    headers: {},
    fileIds: [],
    retry: false,
  };
  const [recorded] = await recordIntents(ctx, ctx.db, [intent]);
  const [existing] = recorded
    ? [recorded]
    : await ctx.db
        .select()
        .from(reportDeliveries)
        .where(
          and(
            eq(reportDeliveries.runId, run!.id),
            eq(reportDeliveries.email, recipient.email),
            eq(reportDeliveries.copy, 0),
          ),
        );
  const claimed = existing ? await claimDelivery(ctx, existing.id) : null;
  if (!claimed) return;
  const sent = await sendDelivery(ctx, claimed);
  await settleRun(ctx, run!.id);
  if (!sent) {
    const [after] = await ctx.db
      .select({ error: reportDeliveries.error })
      .from(reportDeliveries)
      .where(eq(reportDeliveries.id, claimed.id));
    throw new Error(after?.error ?? 'the fault mail could not be sent');
  }
}
