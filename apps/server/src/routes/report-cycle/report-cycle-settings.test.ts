import { createHash } from 'node:crypto';
import { Code, type ReportCycleSettings, type ReportRunRecord } from '@lightwell/domain';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buildNetwork, buildTestApp, call, describeApi, memberWithProject } from '../../../test/helpers.ts';
import { setClock } from '../../../test/support/report-cycle-site.ts';
import { auditEvents, reportDeliveries, reportRunFiles, reportRuns } from '../../db/schema.ts';
import { useIssuedWeeklySite, weekly } from './test-site.ts';

const fixture = useIssuedWeeklySite();
const { newestMail } = fixture;

describeApi('report cycle settings (reportCycle/all, reportCycle/update)', () => {
  it('answers the four cycles to every member, editable by the creator and the installer only', async () => {
    const { t, site } = fixture;
    for (const [who, canEdit] of [
      [site.owner, true],
      [site.installer, true],
      [site.sub, false],
    ] as const) {
      const reply = await call(t.app, 'reportCycleAll', { pid: site.pid }, who.session);
      expect(reply.body.code).toBe(Code.ok);
      const data = reply.body.data as ReportCycleSettings;
      expect(data.canEdit).toBe(canEdit);
      expect(data.cycles.map((cycle) => [cycle.cycle, cycle.enabled])).toEqual([
        ['weekly', true],
        ['monthly', false],
        ['quarterly', false],
        ['yearly', false],
      ]);
      expect(data.cycles[1]).toMatchObject({
        sendDay: 1,
        sections: ['energy', 'cost', 'co2'],
        enabledAt: null,
        next: null,
      });
    }
  });

  it('refuses a stranger and a missing project (1013), no session (1012) and bad input (1001)', async () => {
    const { t, site } = fixture;
    for (const pid of [site.pid, 999_991]) {
      expect((await call(t.app, 'reportCycleAll', { pid }, site.stranger.session)).body.code).toBe(Code.noPermission);
      const update = await call(t.app, 'reportCycleUpdate', { pid, cycles: [weekly] }, site.stranger.session);
      expect(update.body.code).toBe(Code.noPermission);
    }
    expect((await call(t.app, 'reportCycleAll', { pid: site.pid })).body.code).toBe(Code.sessionInvalid);
    expect((await call(t.app, 'reportCycleAll', { pid: 'x' }, site.owner.session)).body.code).toBe(Code.badInput);
  });

  it('sets the cycles given (the others keep theirs), stamps a switch-on, audits, and tells the next send', async () => {
    const { t } = fixture;
    const saved = t.clock.offsetMs;
    const { session, pid } = await memberWithProject(t);
    const network = await buildNetwork(t.db, pid, [{ uid: session.uid, userType: 2 }], { timeZone: 'Europe/Berlin' });
    setClock(t, '2026-04-15T10:00:00Z');
    const quarterly = { cycle: 'quarterly', enabled: true, sendDay: 2, sections: ['energy', 'emergency'] } as const;
    const reply = await call(t.app, 'reportCycleUpdate', { pid, cycles: [quarterly] }, session);
    expect(reply.body.code).toBe(Code.ok);
    const data = reply.body.data as ReportCycleSettings;
    expect(data.cycles[2]).toMatchObject({
      cycle: 'quarterly',
      enabled: true,
      sendDay: 2,
      sections: ['energy', 'emergency'],
      enabledAt: Date.parse('2026-04-15T10:00:00Z') / 1000,
      // Q2 goes on the quarter's second day, 2 July, at 00:20 in Berlin (CEST).
      next: { at: Date.parse('2026-07-01T22:20:00Z') / 1000, key: '2026-Q2' },
    });
    expect(data.cycles.filter((cycle) => cycle.enabled).map((cycle) => cycle.cycle)).toEqual(['quarterly']);
    // Off and on again: the switch-on time moves; off keeps it.
    setClock(t, '2026-05-01T10:00:00Z');
    await call(t.app, 'reportCycleUpdate', { pid, cycles: [{ ...quarterly, enabled: false }] }, session);
    setClock(t, '2026-05-02T10:00:00Z');
    const again = await call(t.app, 'reportCycleUpdate', { pid, cycles: [quarterly] }, session);
    expect((again.body.data as ReportCycleSettings).cycles[2]!.enabledAt).toBe(
      Date.parse('2026-05-02T10:00:00Z') / 1000,
    );
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.pid, pid), eq(auditEvents.action, 'project.reportCycles.update')));
    expect(events).toHaveLength(3);
    expect(network.id).toBeGreaterThan(0);
    // Back to March: the other tests' sessions stay within their idle time.
    t.clock.offsetMs = saved;
  });

  it('refuses a sub-user (1013), each cycle twice, a send day but 1 or 2, and no or unknown sections (1001)', async () => {
    const { t, site } = fixture;
    const sub = await call(
      t.app,
      'reportCycleUpdate',
      { pid: site.pid, cycles: [{ ...weekly, enabled: false }] },
      site.sub.session,
    );
    expect(sub.body.code).toBe(Code.noPermission);
    for (const cycles of [
      [weekly, weekly],
      [{ ...weekly, sendDay: 3 }],
      [{ ...weekly, sections: [] }],
      [{ ...weekly, sections: ['energy', 'energy'] }],
      [{ ...weekly, sections: ['weather'] }],
      [{ ...weekly, cycle: 'daily' }],
      [],
    ]) {
      const reply = await call(t.app, 'reportCycleUpdate', { pid: site.pid, cycles }, site.owner.session);
      expect(reply.body.code, JSON.stringify(cycles)).toBe(Code.badInput);
    }
    const data = (await call(t.app, 'reportCycleAll', { pid: site.pid }, site.owner.session)).body
      .data as ReportCycleSettings;
    expect(data.cycles[0]).toMatchObject({ enabled: true, sendDay: 1 });
  });
});

describeApi('automatic report runs (reportRun/list, restate, resend)', () => {
  it('lists the runs with their deliveries, Message-IDs, figures and file hashes to editors only', async () => {
    const { t, site, english, german, issued } = fixture;
    const reply = await call(t.app, 'reportRunList', { pid: site.pid }, site.installer.session);
    expect(reply.body.code).toBe(Code.ok);
    const [run] = reply.body.data as ReportRunRecord[];
    const files = await t.db.select().from(reportRunFiles).where(eq(reportRunFiles.runId, issued.id));
    expect(run).toMatchObject({
      id: issued.id,
      kind: 'energy',
      cycle: 'weekly',
      periodKey: '2026-W12',
      version: 1,
      state: 'sent',
      late: false,
      sections: ['energy', 'cost', 'co2'],
      restated: false,
    });
    expect(run!.figures.map((figure) => figure.name)).toEqual(['networks', 'energyKWh', 'cost', 'co2Kg', 'savedCo2Kg']);
    expect(run!.files.map((file) => [file.language, file.format, file.sha256]).sort()).toEqual(
      files.map((file) => [file.language === 0 ? 'en' : 'de', file.format, file.sha256]).sort(),
    );
    expect(run!.deliveries.map((delivery) => [delivery.email, delivery.state, delivery.copy])).toEqual([
      [german.email, 'sent', 0],
      [english.email, 'sent', 0],
    ]);
    expect(run!.deliveries[1]!.messageId).toBe(newestMail(english.email).messageId);
    expect(run!.deliveries[1]!.serverAnswer).toMatch(/^250/);
    for (const who of [site.sub, site.stranger]) {
      expect((await call(t.app, 'reportRunList', { pid: site.pid }, who.session)).body.code).toBe(Code.noPermission);
    }
    const empty = await memberWithProject(t);
    const none = await call(t.app, 'reportRunList', { pid: empty.pid }, empty.session);
    expect(none.body).toMatchObject({ code: Code.emptyList, data: [] });
  });

  it('restates only an issued energy report of the project, for editors (1105 while due, 1013 otherwise)', async () => {
    const { t, site, issued } = fixture;
    const [due] = await t.db
      .insert(reportRuns)
      .values({
        pid: site.pid,
        kind: 'energy',
        cycle: 'yearly',
        periodKey: '2025',
        periodStart: new Date('2025-01-01T00:00:00Z'),
        periodEnd: new Date('2026-01-01T00:00:00Z'),
        sendAt: new Date('2026-01-01T00:20:00Z'),
        leaseUntil: new Date('2099-01-01T00:00:00Z'),
      })
      .returning();
    expect((await call(t.app, 'reportRunRestate', { pid: site.pid, id: due!.id }, site.owner.session)).body.code).toBe(
      Code.reportRunBusy,
    );
    expect((await call(t.app, 'reportRunRestate', { pid: site.pid, id: issued.id }, site.sub.session)).body.code).toBe(
      Code.noPermission,
    );
    const foreign = await memberWithProject(t);
    expect(
      (await call(t.app, 'reportRunRestate', { pid: foreign.pid, id: issued.id }, foreign.session)).body.code,
    ).toBe(Code.noPermission);
    await t.db.delete(reportRuns).where(eq(reportRuns.id, due!.id));
  });

  it('sends a copy of the exact message again as a new message, within the mail limits (1019), to editors only', async () => {
    const { t, site, german, issued } = fixture;
    const [delivery] = await t.db
      .select()
      .from(reportDeliveries)
      .where(and(eq(reportDeliveries.runId, issued.id), eq(reportDeliveries.email, german.email)));
    const first = newestMail(german.email);
    const reply = await call(
      t.app,
      'reportRunResend',
      { pid: site.pid, id: issued.id, deliveryId: delivery!.id },
      site.installer.session,
    );
    expect(reply.body.code).toBe(Code.ok);
    const copy = newestMail(german.email);
    expect(copy.messageId).not.toBe(first.messageId);
    expect(copy.subject).toBe(first.subject);
    const sha = (mail: typeof copy) => createHash('sha256').update(mail.attachments[0]!.content).digest('hex');
    expect(sha(copy)).toBe(sha(first));
    const run = reply.body.data as ReportRunRecord;
    expect(run.deliveries.filter((item) => item.email === german.email).map((item) => [item.copy, item.state])).toEqual(
      [
        [0, 'sent'],
        [1, 'sent'],
      ],
    );
    const again = await call(
      t.app,
      'reportRunResend',
      { pid: site.pid, id: issued.id, deliveryId: delivery!.id },
      site.installer.session,
    );
    expect(again.body.code).toBe(Code.tooManyAttempts);
    expect((again.body.data as { retryAfter: number }).retryAfter).toBeGreaterThan(0);
    const sub = await call(
      t.app,
      'reportRunResend',
      { pid: site.pid, id: issued.id, deliveryId: delivery!.id },
      site.sub.session,
    );
    expect(sub.body.code).toBe(Code.noPermission);
    const wrongRun = await call(
      t.app,
      'reportRunResend',
      { pid: site.pid, id: issued.id, deliveryId: 999_991 },
      site.owner.session,
    );
    expect(wrongRun.body.code).toBe(Code.noPermission);
  });

  it('answers 1052 when the mail server refuses the copy, and hands the allowance back', async () => {
    const { sink } = fixture;
    const broken = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port + 1}` });
    try {
      const editor = await memberWithProject(broken);
      const [run] = await broken.db
        .insert(reportRuns)
        .values({
          pid: editor.pid,
          kind: 'energy',
          cycle: 'weekly',
          periodKey: '2026-W12',
          periodStart: new Date('2026-03-16T00:00:00Z'),
          periodEnd: new Date('2026-03-23T00:00:00Z'),
          sendAt: new Date('2026-03-23T00:30:00Z'),
          state: 'sent',
          figures: {},
          deliveriesAt: new Date('2026-03-23T00:30:00Z'),
        })
        .returning();
      const [delivery] = await broken.db
        .insert(reportDeliveries)
        .values({
          runId: run!.id,
          email: 'copy@example.com',
          language: 0,
          formats: [],
          messageId: `<copy-${run!.id}@example.com>`,
          template: { name: 'emailChanged', email: 'copy@example.com' },
          headers: {},
          state: 'sent',
        })
        .returning();
      const payload = { pid: editor.pid, id: run!.id, deliveryId: delivery!.id };
      expect((await call(broken.app, 'reportRunResend', payload, editor.session)).body.code).toBe(Code.mailFailed);
      // Handed back: trying again is not held up by the 10-minute limit.
      expect((await call(broken.app, 'reportRunResend', payload, editor.session)).body.code).toBe(Code.mailFailed);
    } finally {
      await broken.close();
    }
  });
});
