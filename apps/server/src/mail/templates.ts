import { Limits } from '@lightwell/domain';
import { translator } from '../lib/i18n.ts';
import { layout, mailBody, type RenderedMail, utc } from './mail-layout.ts';
import { type ChosenName, ENTITY_NAME_MAX, quotedNames, SUBJECT_NAME_MAX, USER_NAME_MAX } from './mail-names.ts';
import { type LateNotice, lateLine, type PeriodicReportTemplate, renderPeriodicReport } from './report-mail.ts';

/** Templates of the console's e-mails and the values each needs. */
export type MailTemplate =
  | { name: 'registerCode' | 'passwordCode' | 'emailCode'; code: string }
  | { name: 'emailChanged'; email: string }
  | {
      name: 'share';
      sharer: string;
      target: string;
      kind: 'network' | 'project' | 'config';
      role: number;
      url: string;
      until: Date;
    }
  | {
      name: 'recipientActivation';
      sender: string;
      project: string;
      kinds: string[];
      url: string;
      until: Date;
    }
  | {
      name: 'emergencyFault';
      project: string;
      network: string;
      fitting: string;
      location: string;
      /** Failure names (domain `FailureName`), shown by their cause text. */
      failures: string[];
      /** When the fault was logged, already formatted in the network's zone. */
      at: string;
      url: string;
      until: Date;
    }
  | {
      name: 'selfTestReport';
      project: string;
      network: string;
      period: string;
      tests: number;
      notPassed: number;
      faults: number;
      url: string;
      until: Date;
      /** Sent after its time (catch-up after downtime): says so and why. */
      late?: LateNotice | null;
      /** The recipient's own page: language, kinds, unsubscribe (`/email/register`). */
      manageUrl?: string;
    }
  | PeriodicReportTemplate;

/** The names each template shows, with their limits; every one is a user's choice. */
function namesOf(template: MailTemplate): Record<string, ChosenName> {
  switch (template.name) {
    case 'share':
      return {
        sharer: { value: template.sharer, max: USER_NAME_MAX },
        target: { value: template.target, max: ENTITY_NAME_MAX },
      };
    case 'recipientActivation':
      return {
        sender: { value: template.sender, max: USER_NAME_MAX },
        project: { value: template.project, max: ENTITY_NAME_MAX },
      };
    case 'emergencyFault':
      return {
        project: { value: template.project, max: ENTITY_NAME_MAX },
        network: { value: template.network, max: ENTITY_NAME_MAX },
        fitting: { value: template.fitting, max: ENTITY_NAME_MAX },
        location: { value: template.location, max: ENTITY_NAME_MAX },
      };
    case 'selfTestReport':
      return {
        project: { value: template.project, max: ENTITY_NAME_MAX },
        network: { value: template.network, max: ENTITY_NAME_MAX },
      };
    case 'periodicReport':
      return { project: { value: template.project, max: ENTITY_NAME_MAX } };
    default:
      return {};
  }
}

type Translate = ReturnType<typeof translator>;
type Template<Name extends MailTemplate['name']> = Extract<MailTemplate, { name: Name }>;
/** What each mail starts and ends with, and its user-chosen names quoted for the body and for the subject. */
interface Frame {
  t: Translate;
  greeting: string;
  signature: string;
  inBody: Record<string, string>;
  inSubject: Record<string, string>;
}

/** Renders a template in the recipient's language (code 0-3). */
export function renderMail(template: MailTemplate, language: number): RenderedMail {
  const t = translator(language);
  // Subject and body get the names quoted; the subject's are cut shorter.
  const names = namesOf(template);
  const frame: Frame = {
    t,
    greeting: t('mail:common.greeting'),
    signature: t('mail:common.signature'),
    inBody: quotedNames(t, names),
    inSubject: quotedNames(t, names, SUBJECT_NAME_MAX),
  };
  switch (template.name) {
    case 'share':
      return renderShare(template, frame);
    case 'recipientActivation':
      return renderRecipientActivation(template, frame);
    case 'emergencyFault':
    case 'selfTestReport':
      return renderEmergencyMail(template, frame);
    case 'periodicReport':
      return renderPeriodicReport(template, language, frame.inBody, frame.inSubject);
    case 'emailChanged': {
      const body = t('mail:emailChanged.body', { email: template.email });
      return { subject: t('mail:emailChanged.subject'), ...mailBody(frame.greeting, [body], frame.signature) };
    }
    default:
      return renderCode(template, frame);
  }
}

function renderShare(template: Template<'share'>, { t, greeting, signature, inBody, inSubject }: Frame): RenderedMail {
  const vars = {
    kind: t(`mail:share.kinds.${template.kind}`),
    role: t(`mail:share.roles.${template.role}`),
    url: template.url,
    until: utc(template.until),
  };
  // A profile share gives a copy, not a role.
  const config = template.kind === 'config';
  const lines = [
    t(config ? 'mail:share.bodyConfig' : 'mail:share.body', { ...vars, ...inBody }),
    t('mail:share.action', vars),
    t('mail:share.expiry', vars),
  ];
  return {
    subject: t(config ? 'mail:share.subjectConfig' : 'mail:share.subject', { ...vars, ...inSubject }),
    ...mailBody(greeting, lines, signature),
  };
}

function renderRecipientActivation(
  template: Template<'recipientActivation'>,
  { t, greeting, signature, inBody, inSubject }: Frame,
): RenderedMail {
  const vars = {
    kinds: template.kinds.map((kind) => t(`mail:recipientActivation.kinds.${kind}`)).join(', '),
    url: template.url,
    until: utc(template.until),
  };
  const lines = ['body', 'action', 'expiry'].map((key) => t(`mail:recipientActivation.${key}`, { ...vars, ...inBody }));
  return {
    subject: t('mail:recipientActivation.subject', { ...vars, ...inSubject }),
    ...mailBody(greeting, lines, signature),
  };
}

/** An emergency fault, or the self-test report of a period. */
function renderEmergencyMail(
  template: Template<'emergencyFault' | 'selfTestReport'>,
  { t, greeting, signature, inBody, inSubject }: Frame,
): RenderedMail {
  const vars =
    template.name === 'emergencyFault'
      ? {
          at: template.at,
          url: template.url,
          until: utc(template.until),
          reasons: template.failures.map((name) => t(`server:emergency.failures.${name}.cause`)).join(' '),
        }
      : {
          period: template.period,
          tests: template.tests,
          notPassed: template.notPassed,
          faults: template.faults,
          url: template.url,
          until: utc(template.until),
        };
  const keys =
    template.name === 'emergencyFault' ? ['body', 'faults', 'since', 'action', 'expiry'] : ['body', 'action', 'expiry'];
  const lines = keys.map((key) => t(`mail:${template.name}.${key}`, { ...vars, ...inBody }));
  if (template.name === 'selfTestReport') {
    if (template.late) lines.splice(1, 0, lateLine(t, template.late));
    if (template.manageUrl) lines.push(t('mail:reports.manage', { url: template.manageUrl }));
  }
  return {
    subject: t(`mail:${template.name}.subject`, { ...vars, ...inSubject }),
    ...mailBody(greeting, lines, signature),
  };
}

/** A one-time code (registration, password, e-mail change), shown large. */
function renderCode(
  template: Template<'registerCode' | 'passwordCode' | 'emailCode'>,
  { t, greeting, signature }: Frame,
): RenderedMail {
  const intro = t(`mail:${template.name}.intro`);
  const validity = t('mail:common.validity', { minutes: Limits.codeTtlSeconds / 60 });
  const ignore = t('mail:common.ignore');
  return {
    subject: t(`mail:${template.name}.subject`, { code: template.code }),
    text: [greeting, '', intro, '', `    ${template.code}`, '', validity, ignore, '', signature].join('\n'),
    html: layout([greeting, intro, validity, ignore, signature], template.code),
  };
}
