import { Code, calls } from '@lightwell/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkUsers, projectUsers } from '../src/db/schema.ts';
import {
  buildNetwork,
  buildTestApp,
  call,
  describeApi,
  networkTeam,
  post,
  signedInUser,
  type TestApp,
} from './helpers.ts';

/** A signed-in user with `language` (their setting) who owns a network. */
async function ownerSpeaking(t: TestApp, language: number) {
  const { user, session } = await signedInUser(t, { language });
  const [membership] = await t.db.select().from(projectUsers).where(eq(projectUsers.uid, user.id));
  const network = await buildNetwork(t.db, membership!.pid, [{ uid: user.id, userType: 2 }]);
  return { user, session, network };
}

const GERMAN = 2;
const SPANISH = 3;

/** A call without session, as any API client sends it, asking for `language` by header. */
async function anonymous(t: TestApp, name: keyof typeof calls, body: Record<string, unknown>, language: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: calls[name].path,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', 'accept-language': language },
  });
  return {
    language: response.headers['content-language'],
    body: JSON.parse(response.body) as { code: number; data: unknown; message: string },
  };
}

describeApi('refusals name the field and what it must be, in the caller language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const addresses = (n: number) => Array.from({ length: n }, (_, i) => `guest${i}@example.com`);

  describe('validation (1001)', () => {
    it('text that is not well-formed Unicode (a lone surrogate) is refused as a bad field, in German', async () => {
      const german = await ownerSpeaking(t, GERMAN);
      const refused = await call(t.app, 'projectAdd', { name: 'Lager \ud800' }, german.session);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: Code.badInput,
        data: { problems: [{ field: 'name', rule: 'format', params: {} }] },
      });
      expect((refused.body as { message: string }).message).toMatch(/name/i);
      expect((refused.body as { message: string }).message).not.toMatch(/well-formed|surrogate/);
    });

    it('seven share addresses: at most 6, and how many were given', async () => {
      const { owner, network } = await networkTeam(t);
      const english = await call(
        t.app,
        'shareNetwork',
        { nid: network.id, emails: addresses(7), userType: 1 },
        owner.session,
      );
      expect(english.status).toBe(400);
      expect(english.body).toEqual({
        code: Code.badInput,
        data: { problems: [{ field: 'emails', rule: 'maxItems', params: { maximum: 6, given: 7 } }] },
        message: 'Share addresses: at most 6 addresses (got 7)',
      });
      const german = await signedInUser(t, { language: GERMAN });
      const reply = await call(
        t.app,
        'shareNetwork',
        { nid: network.id, emails: addresses(7), userType: 1 },
        german.session,
      );
      expect(reply.body.code).toBe(Code.badInput);
      expect(reply.body.message).toBe('Empfängeradressen: höchstens 6 Adressen (angegeben: 7)');
    });

    it('an unsupported page size lists the allowed ones', async () => {
      const german = await signedInUser(t, { language: GERMAN });
      const list = await call(t.app, 'projectVoList', { page: 1, pageSize: 30 }, german.session);
      expect(list.body).toMatchObject({
        code: Code.badInput,
        data: { problems: [{ field: 'pageSize', rule: 'oneOf', params: { values: [10, 20, 50, 100] } }] },
      });
      expect(list.body.message).toBe('Seitengröße: muss einer dieser Werte sein: 10, 20, 50, 100');
      const english = await signedInUser(t);
      const setting = await call(t.app, 'updateSetting', { pageNumber: 30 }, english.session);
      expect(setting.body.message).toBe('Page size: must be one of 10, 20, 50, 100');
    });

    it('a missing required field is named, without session in the Accept-Language language', async () => {
      const spanish = await anonymous(t, 'login', { password: 'whatever' }, 'es-ES,es;q=0.9,en;q=0.5');
      expect(spanish.language).toBe('es');
      expect(spanish.body).toMatchObject({
        code: Code.badInput,
        data: { problems: [{ field: 'email', rule: 'required', params: {} }] },
      });
      expect(spanish.body.message).toBe('Dirección de correo electrónico: obligatorio: indique un valor');
      const german = await signedInUser(t, { language: GERMAN });
      const rename = await call(t.app, 'nameUpdate', {}, german.session);
      expect(rename.body.message).toBe('Name: Pflichtangabe: bitte einen Wert angeben');
    });

    it('a too long name gives the limit and the length sent', async () => {
      const long = 'n'.repeat(40);
      const spanish = await anonymous(
        t,
        'register',
        { email: 'new@example.com', name: long, password: 'Correct-Horse-9', code: '123456', language: 0 },
        'es',
      );
      // The payload's own language code (0, English) speaks for a caller without session.
      expect(spanish.body.message).toBe('Name: at most 32 characters (got 40)');
      const byHeader = await anonymous(
        t,
        'passwordReset',
        { email: 'new@example.com', code: '123456', password: 'x'.repeat(200) },
        'es',
      );
      expect(byHeader.body.message).toContain('Contraseña: como máximo 128 caracteres (se indicaron 200)');
      const german = await signedInUser(t, { language: GERMAN });
      const rename = await call(t.app, 'nameUpdate', { name: long }, german.session);
      expect(rename.body).toMatchObject({
        code: Code.badInput,
        data: { problems: [{ field: 'name', rule: 'maxLength', params: { maximum: 32, given: 40 } }] },
        message: 'Name: höchstens 32 Zeichen (angegeben: 40)',
      });
    });

    it('a value of the wrong type says what it must be', async () => {
      const german = await signedInUser(t, { language: GERMAN });
      const reply = await call(
        t.app,
        'shareNetwork',
        { nid: 'x', emails: ['a@example.com'], userType: 1 },
        german.session,
      );
      expect(reply.body).toMatchObject({
        code: Code.badInput,
        data: { problems: [{ field: 'nid', rule: 'type', params: { expected: 'number' } }] },
        message: 'Netzwerk: muss eine Zahl sein',
      });
      const spanish = await anonymous(t, 'login', { email: 5, password: 'x' }, 'es');
      expect(spanish.body.message).toBe('Dirección de correo electrónico: debe ser un texto');
    });

    it("a call's own rules are translated too: polygon points, time zone, latitude without longitude", async () => {
      const german = await ownerSpeaking(t, GERMAN);
      const nid = german.network.id;
      const polygon = await call(
        t.app,
        'zoneAdd',
        {
          nid,
          name: 'Lager',
          shape: 2,
          points: [
            { x: 1, y: 1 },
            { x: 50, y: 50 },
          ],
        },
        german.session,
      );
      expect(polygon.body).toMatchObject({ code: Code.badInput, data: { problems: [{ rule: 'polygonPoints' }] } });
      expect(polygon.body.message).toContain('ein Polygon braucht mindestens 3 Punkte');
      const zone = await call(
        t.app,
        'networkLocationUpdate',
        { nid, latitude: 51.5, longitude: -0.1, timeZone: 'Europe/Londres' },
        german.session,
      );
      expect(zone.body).toMatchObject({
        code: Code.badInput,
        data: { problems: [{ field: 'timeZone', rule: 'timeZone' }] },
      });
      expect(zone.body.message).toContain('unbekannte Zeitzone');
      const spanish = await ownerSpeaking(t, SPANISH);
      const half = await call(
        t.app,
        'networkLocationUpdate',
        { nid: spanish.network.id, latitude: 51.5, longitude: null, timeZone: 'Europe/London' },
        spanish.session,
      );
      expect(half.body).toMatchObject({ code: Code.badInput, data: { problems: [{ rule: 'latLngTogether' }] } });
      expect(half.body.message).toContain('indique latitud y longitud juntas');
      expect(half.body.message).not.toMatch(/go together/);
    });

    it('names an entry of a list, an unknown field as sent, and lists every problem', async () => {
      const german = await signedInUser(t, { language: GERMAN });
      const { network } = await networkTeam(t);
      const reply = await call(
        t.app,
        'shareNetwork',
        { nid: network.id, emails: ['a@example.com', 'nope'], userType: 5, colour: 'red' },
        german.session,
      );
      expect(reply.body.message).toBe(
        [
          'Empfängeradressen, Eintrag 2: keine gültige E-Mail-Adresse',
          'Rolle: muss einer dieser Werte sein: 1, 2, 3',
          'colour: kein Feld dieses Aufrufs: bitte entfernen',
        ].join('; '),
      );
    });
  });

  describe('business refusals', () => {
    it('1064 names the repeated address, and the caller own address', async () => {
      const { owner, network } = await networkTeam(t);
      const english = await call(
        t.app,
        'shareNetwork',
        { nid: network.id, emails: ['twice@example.com', 'Twice@example.com'], userType: 1 },
        owner.session,
      );
      expect(english.body).toEqual({
        code: Code.shareRefused,
        data: { reason: 'duplicate', emails: ['twice@example.com'] },
        message: 'twice@example.com is listed more than once. Give each address only once.',
      });
      const german = await ownerSpeaking(t, GERMAN);
      const self = await call(
        t.app,
        'shareNetwork',
        { nid: german.network.id, emails: ['other@example.com', german.user.email], userType: 1 },
        german.session,
      );
      expect(self.body).toEqual({
        code: Code.shareRefused,
        data: { reason: 'self', emails: [german.user.email] },
        message: `${german.user.email} ist Ihre eigene Adresse. Sie können nicht mit sich selbst teilen; bitte entfernen.`,
      });
      const spanish = await ownerSpeaking(t, SPANISH);
      const twice = await call(
        t.app,
        'shareNetwork',
        { nid: spanish.network.id, emails: ['twice@example.com', 'twice@example.com'], userType: 3 },
        spanish.session,
      );
      expect(twice.body.message).toBe('twice@example.com aparece más de una vez. Indique cada dirección una sola vez.');
    });

    it('1064 lists the addresses that already have access, in the user language', async () => {
      const german = await ownerSpeaking(t, GERMAN);
      const member = await signedInUser(t);
      await t.db.insert(networkUsers).values({ nid: german.network.id, uid: member.user.id, userType: 3 });
      const reply = await call(
        t.app,
        'shareNetwork',
        { nid: german.network.id, emails: [member.user.email], userType: 3 },
        german.session,
      );
      expect(reply.body).toMatchObject({
        code: Code.shareRefused,
        data: { reason: 'taken', emails: [member.user.email] },
      });
      expect(reply.body.message).toContain(`offene Einladung: ${member.user.email}.`);
    });

    it('a refusal with a text of its own, in the user language: the last project', async () => {
      const { user, session } = await signedInUser(t, { language: GERMAN });
      const [membership] = await t.db.select().from(projectUsers).where(eq(projectUsers.uid, user.id));
      const reply = await call(t.app, 'projectDelete', { pid: membership!.pid }, session);
      expect(reply.body).toEqual({
        code: Code.emptyList,
        data: null,
        message: 'Ihr letztes Projekt kann nicht gelöscht werden. Bitte zuerst ein anderes Projekt anlegen.',
      });
    });

    it('a refusal without session follows Accept-Language; a signed-in user their setting', async () => {
      const user = await signedInUser(t, { language: GERMAN });
      const wrong = await anonymous(t, 'login', { email: user.user.email, password: 'Wrong-Horse-9' }, 'es');
      expect(wrong.body).toMatchObject({ code: Code.wrongPassword, message: 'La contraseña es incorrecta.' });
      expect(wrong.language).toBe('es');
      const expired = await post(t.app, calls.userInfo.path, {}, { 'accept-language': 'zh-CN' });
      expect(expired.body).toMatchObject({ code: Code.sessionInvalid, message: '登录已过期，请重新登录。' });
      const english = await anonymous(t, 'login', { email: user.user.email, password: 'Wrong-Horse-9' }, 'fr, it');
      expect(english.body.message).toBe('The password is incorrect.');
    });
  });
});
