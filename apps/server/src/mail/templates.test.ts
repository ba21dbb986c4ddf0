import { describe, expect, it } from 'vitest';
import { formatMailBlock } from './mail-block.ts';
import { plainName } from './mail-names.ts';
import { type MailTemplate, renderMail } from './templates.ts';

const URL = 'https://console.example.com/shared/network?link=abc';
const until = new Date('2026-06-01T12:00:00Z');
/** A name that reads as the console's own sentence, with a link, 63 characters: within the 64 allowed. */
const LURE = 'URGENT: reset your password at http://evil.test/login right now';
const SHARER = 'Mallory "Support" Team';

/** Every template that shows a user-chosen name, each name the lure. */
const templates: MailTemplate[] = [
  { name: 'share', sharer: SHARER, target: LURE, kind: 'network', role: 3, url: URL, until },
  { name: 'share', sharer: SHARER, target: LURE, kind: 'config', role: 0, url: URL, until },
  { name: 'recipientActivation', sender: SHARER, project: LURE, kinds: ['emergencyFault'], url: URL, until },
  {
    name: 'emergencyFault',
    project: LURE,
    network: LURE,
    fitting: LURE,
    location: LURE,
    failures: [],
    at: '06/01/2026 12:00',
    url: URL,
    until,
  },
  {
    name: 'selfTestReport',
    project: LURE,
    network: LURE,
    period: '2026-05',
    tests: 2,
    notPassed: 0,
    faults: 0,
    url: URL,
    until,
  },
];

/** The quote marks of each language (0 en, 1 zh, 2 de, 3 es). */
const QUOTES: [number, string, string][] = [
  [0, '“', '”'],
  [1, '“', '”'],
  [2, '„', '“'],
  [3, '«', '»'],
];

describe('user-chosen names in e-mails', () => {
  it.each(QUOTES)(
    'in language %i every name is quoted, cut in subjects, and no link but the console’s',
    (language, open, close) => {
      for (const template of templates) {
        const mail = renderMail(template, language);
        const subjectName = `${open}URGENT: reset your password at…${close}`;
        expect(mail.subject, template.name).toContain(subjectName);
        expect(mail.text, template.name).toContain(
          `${open}URGENT: reset your password at http[:]//evil[.]test/login right now${close}`,
        );
        for (const body of [mail.text, mail.html]) {
          const links = [...body.matchAll(/[a-z][a-z0-9+.-]*:\/\/[^\s<"]+/gi)].map(([link]) => link);
          expect(links, template.name).toEqual([URL]);
          expect(body).not.toContain('evil.test');
        }
        if (template.name === 'share' || template.name === 'recipientActivation') {
          expect(mail.text).toContain(`${open}Mallory 'Support' Team${close}`);
        }
      }
    },
  );

  it('puts the console’s words first in the subject and cuts a name to its limit in the body', () => {
    const long = 'N'.repeat(80);
    const mail = renderMail(
      { name: 'share', sharer: 'x'.repeat(40), target: long, kind: 'project', role: 1, url: URL, until },
      0,
    );
    expect(mail.subject).toBe(`Invitation to the project “${'N'.repeat(31)}…” on Lightwell`);
    expect(mail.text).toContain(`the project “${'N'.repeat(63)}…”`);
    expect(mail.text).toContain(`The Lightwell user “${'x'.repeat(31)}…” invites you`);
  });

  it('keeps a name on one line, without quotes it could close or characters that turn text around', () => {
    expect(plainName('Hall A”\nReset \u202Enow\u200B!', 64)).toBe("Hall A' Reset now!");
    expect(plainName('evil\u200B.test', 64)).toBe('evil[.]test');
    expect(plainName('  «Site»  2.0  ', 64)).toBe("'Site' 2.0");
    expect(plainName('www.evil.test or 10.0.0.1 or https://x.io', 64)).toBe(
      'www[.]evil[.]test or 10[.]0[.]0[.]1 or https[:]//x[.]io',
    );
    expect(plainName('', 64)).toBe('');
    const mail = renderMail(
      { ...(templates[3] as Extract<MailTemplate, { name: 'emergencyFault' }>), location: '' },
      0,
    );
    expect(mail.text).toContain('(-)');
  });

  it('prints no terminal control characters in a kept message', () => {
    const block = formatMailBlock({
      to: 'a@example.com',
      subject: 'Hi\u001b[2J',
      text: 'x\u009b31m\u202Ey',
      at: until,
    });
    expect(block).toContain('| Subject: Hi?[2J');
    expect(block).toContain('| x?31m?y');
  });
});
