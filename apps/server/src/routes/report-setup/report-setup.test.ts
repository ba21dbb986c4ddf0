import { Code, type ReportSetup } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, call, describeApi, networkTeam, type Session, type TestApp } from '../../../test/helpers.ts';
import { auditEvents, files, projectReportSetups } from '../../db/schema.ts';
import { encodePng } from '../../demo/png.ts';
import { renderPdf } from '../../reports/pdf/render-pdf.ts';
import { loadPdfHeader } from '../../services/report-setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const header = {
  companyTitle: '光明照明 · Lichtwerk Müller',
  signatoryName: '张伟',
  signatoryRole: 'Sicherheitsbeauftragter',
  contactName: 'Ana Núñez',
  contactPhone: '+34 912 345 678',
  contactEmail: 'Safety@Example.com',
  address: 'Calle de Alcalá 1, Madrid',
};
const png = (width: number, height: number) => encodePng(width, height, () => [10, 80, 160]).toString('base64');
const bmp = () => {
  const data = Buffer.alloc(58);
  data.write('BM', 0, 'latin1');
  data.writeUInt32LE(58, 2);
  data.writeUInt32LE(54, 10);
  data.writeUInt32LE(40, 14);
  data.writeInt32LE(1, 18);
  data.writeInt32LE(1, 22);
  data.writeUInt16LE(1, 26);
  data.writeUInt16LE(24, 28);
  return data.toString('base64');
};

async function setupOf(pid: number, session: Session) {
  const reply = await call(t.app, 'reportSetupAll', { pid }, session);
  expect(reply.body.code).toBe(Code.ok);
  return reply.body.data as ReportSetup;
}

describeApi('header settings of a project (reportProjectSetup)', () => {
  it('answers empty settings to every member, editable by the creator and the installer only', async () => {
    const { owner, installer, sub } = await networkTeam(t);
    for (const [who, canEdit] of [
      [owner, true],
      [installer, true],
      [sub, false],
    ] as const) {
      expect(await setupOf(owner.pid, who.session)).toMatchObject({
        pid: owner.pid,
        companyTitle: '',
        signatoryName: '',
        logo: null,
        wideLogo: null,
        updatedAt: null,
        canEdit,
      });
    }
  });

  it('stores the fields trimmed and the e-mail in lower case, with an audit event', async () => {
    const { owner, installer, sub } = await networkTeam(t);
    const reply = await call(t.app, 'reportSetupUpdate', { pid: owner.pid, ...header }, installer.session);
    expect(reply.body.code).toBe(Code.ok);
    const answer = reply.body.data as ReportSetup;
    expect(answer).toMatchObject({ ...header, contactEmail: 'safety@example.com', canEdit: true });
    expect(await setupOf(owner.pid, sub.session)).toMatchObject({ companyTitle: header.companyTitle, canEdit: false });
    const again = { ...header, companyTitle: '  Neu GmbH  ', contactEmail: '' };
    const second = await call(t.app, 'reportSetupUpdate', { pid: owner.pid, ...again }, owner.session);
    expect(second.body.data).toMatchObject({ companyTitle: 'Neu GmbH', contactEmail: '' });
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.pid, owner.pid));
    const updates = events.filter((e) => e.action === 'project.header.update');
    expect(updates).toHaveLength(2);
    expect(updates[1]!.before).toMatchObject({ companyTitle: header.companyTitle });
  });

  it('refuses a sub-user and a stranger (1013, for a missing project too) and changes nothing', async () => {
    const { owner, sub, stranger } = await networkTeam(t);
    expect((await call(t.app, 'reportSetupUpdate', { pid: owner.pid, ...header }, sub.session)).body.code).toBe(
      Code.noPermission,
    );
    for (const pid of [owner.pid, 999_997]) {
      for (const name of ['reportSetupAll', 'recipientAll'] as const) {
        expect((await call(t.app, name, { pid }, stranger.session)).body.code).toBe(Code.noPermission);
      }
      const update = await call(t.app, 'reportSetupUpdate', { pid, ...header }, stranger.session);
      expect(update.body.code).toBe(Code.noPermission);
      const logo = await call(t.app, 'reportSetupLogo', { pid, slot: 'logo', image: png(4, 3) }, stranger.session);
      expect(logo.body.code).toBe(Code.noPermission);
    }
    expect(await t.db.select().from(projectReportSetups).where(eq(projectReportSetups.pid, owner.pid))).toEqual([]);
  });

  it('refuses bad fields with 1001 naming them, and no session with 1012', async () => {
    const { owner } = await networkTeam(t);
    for (const bad of [
      { contactEmail: 'not-an-address' },
      { contactPhone: 'call me' },
      { companyTitle: 'x'.repeat(101) },
      { address: 'line\u0000break' },
    ]) {
      const reply = await call(t.app, 'reportSetupUpdate', { pid: owner.pid, ...header, ...bad }, owner.session);
      expect(reply.body.code).toBe(Code.badInput);
      const problems = (reply.body.data as { problems: { field: string }[] }).problems;
      expect(problems.map((p) => p.field)).toEqual(Object.keys(bad));
    }
    const missing = { ...header } as Partial<typeof header>;
    delete missing.address;
    expect((await call(t.app, 'reportSetupUpdate', { pid: owner.pid, ...missing }, owner.session)).body.code).toBe(
      Code.badInput,
    );
    expect((await call(t.app, 'reportSetupAll', { pid: owner.pid })).body.code).toBe(Code.sessionInvalid);
  });

  it('sets, replaces and removes both logos; the replaced file is deleted', async () => {
    const { owner, installer, sub } = await networkTeam(t);
    const first = await call(
      t.app,
      'reportSetupLogo',
      { pid: owner.pid, slot: 'logo', image: png(216, 162) },
      owner.session,
    );
    expect(first.body.code).toBe(Code.ok);
    const logo = (first.body.data as ReportSetup).logo!;
    expect(logo).toMatchObject({ mime: 'image/png', width: 216, height: 162 });
    const wide = await call(
      t.app,
      'reportSetupLogo',
      { pid: owner.pid, slot: 'wideLogo', image: png(792, 162) },
      installer.session,
    );
    expect((wide.body.data as ReportSetup).wideLogo).toMatchObject({ width: 792, height: 162 });
    expect((await setupOf(owner.pid, sub.session)).logo?.data).toBe(logo.data);

    const replaced = await call(
      t.app,
      'reportSetupLogo',
      { pid: owner.pid, slot: 'logo', image: png(100, 75) },
      owner.session,
    );
    expect((replaced.body.data as ReportSetup).logo).toMatchObject({ width: 100, height: 75 });
    expect(await t.db.select().from(files).where(eq(files.name, logo.fileName))).toEqual([]);
    const removed = await call(
      t.app,
      'reportSetupLogo',
      { pid: owner.pid, slot: 'wideLogo', image: null },
      owner.session,
    );
    expect(removed.body.data).toMatchObject({ wideLogo: null, logo: { width: 100 } });
    expect(
      (await call(t.app, 'reportSetupLogo', { pid: owner.pid, slot: 'logo', image: png(4, 3) }, sub.session)).body.code,
    ).toBe(Code.noPermission);
  });

  it('refuses a BMP, a non-image and a bad slot or base64, keeping the logo', async () => {
    const { owner } = await networkTeam(t);
    await call(t.app, 'reportSetupLogo', { pid: owner.pid, slot: 'logo', image: png(216, 162) }, owner.session);
    const notImage = Buffer.from('just some text, not an image').toString('base64');
    for (const image of [bmp(), notImage]) {
      const reply = await call(t.app, 'reportSetupLogo', { pid: owner.pid, slot: 'logo', image }, owner.session);
      expect(reply.body.code).toBe(Code.imageRefused);
    }
    for (const payload of [
      { slot: 'banner', image: png(4, 3) },
      { slot: 'logo', image: '***' },
      { slot: 'logo', image: 'A'.repeat(1_000_000) },
    ]) {
      const reply = await call(t.app, 'reportSetupLogo', { pid: owner.pid, ...payload } as never, owner.session);
      expect([Code.badInput, Code.bodyTooLarge]).toContain(reply.body.code);
    }
    expect((await setupOf(owner.pid, owner.session)).logo).toMatchObject({ width: 216 });
  });

  it('deletes the logos with their project', async () => {
    const { owner } = await networkTeam(t);
    const added = await call(t.app, 'projectAdd', { name: 'Spare' }, owner.session);
    const pid = (added.body.data as { id: number }).id;
    const set = await call(t.app, 'reportSetupLogo', { pid, slot: 'wideLogo', image: png(792, 162) }, owner.session);
    const fileName = (set.body.data as ReportSetup).wideLogo!.fileName;
    expect((await call(t.app, 'projectDelete', { pid }, owner.session)).body.code).toBe(Code.ok);
    expect(await t.db.select().from(files).where(eq(files.name, fileName))).toEqual([]);
    expect(await t.db.select().from(projectReportSetups).where(eq(projectReportSetups.pid, pid))).toEqual([]);
  });

  it('gives the PDF header block: title (else the project name), logos and labelled fields', async () => {
    const { owner } = await networkTeam(t);
    const project = { id: owner.pid, name: 'Mein Projekt' };
    expect(await loadPdfHeader(t.db, project, 'de')).toEqual({
      companyTitle: 'Mein Projekt',
      logo: null,
      wideLogo: null,
      fields: [],
    });
    await call(t.app, 'reportSetupUpdate', { pid: owner.pid, ...header, contactName: '' }, owner.session);
    await call(t.app, 'reportSetupLogo', { pid: owner.pid, slot: 'logo', image: png(216, 162) }, owner.session);
    const block = await loadPdfHeader(t.db, project, 'zh');
    expect(block.companyTitle).toBe(header.companyTitle);
    expect(block.logo?.subarray(1, 4).toString()).toBe('PNG');
    expect(block.fields).toEqual([
      { label: '签字人', value: '张伟' },
      { label: '职务', value: 'Sicherheitsbeauftragter' },
      { label: '电话', value: '+34 912 345 678' },
      { label: '电子邮箱', value: 'safety@example.com' },
      { label: '地址', value: 'Calle de Alcalá 1, Madrid' },
    ]);
    const pdf = await renderPdf({
      header: block,
      title: 'Record',
      blocks: [],
      generated: { at: t.clock.now(), timeZone: 'UTC', timeFormat: 0 },
      language: 'zh',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
