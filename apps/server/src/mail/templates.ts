import { Limits } from '@lightwell/domain';
import { translator } from '../lib/i18n.ts';

/** A message ready to send: subject, plain text and HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

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
    };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(paragraphs: string[], highlight?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`);
  if (highlight) {
    body.splice(
      2,
      0,
      `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;color:#cf1322;margin:16px 0">${escapeHtml(highlight)}</p>`,
    );
  }
  return `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#262626;max-width:560px">${body.join('')}</body></html>`;
}

/** Renders a template in the recipient's language (code 0-3). */
export function renderMail(template: MailTemplate, language: number): RenderedMail {
  const t = translator(language);
  const greeting = t('mail:common.greeting');
  const signature = t('mail:common.signature');
  if (template.name === 'share') {
    const vars = {
      sharer: template.sharer,
      target: template.target,
      kind: t(`mail:share.kinds.${template.kind}`),
      role: t(`mail:share.roles.${template.role}`),
      url: template.url,
      until: template.until.toISOString().slice(0, 16).replace('T', ' '),
    };
    // A profile share gives a copy, not a role.
    const body = template.kind === 'config' ? 'mail:share.bodyConfig' : 'mail:share.body';
    const lines = [t(body, vars), t('mail:share.action', vars), t('mail:share.expiry', vars)];
    return {
      subject: t('mail:share.subject', vars),
      text: [greeting, '', ...lines, '', signature].join('\n'),
      html: layout([greeting, ...lines, signature]),
    };
  }
  if (template.name === 'recipientActivation') {
    const vars = {
      sender: template.sender,
      project: template.project,
      kinds: template.kinds.map((kind) => t(`mail:recipientActivation.kinds.${kind}`)).join(', '),
      url: template.url,
      until: template.until.toISOString().slice(0, 16).replace('T', ' '),
    };
    const lines = ['body', 'action', 'expiry'].map((key) => t(`mail:recipientActivation.${key}`, vars));
    return {
      subject: t('mail:recipientActivation.subject', vars),
      text: [greeting, '', ...lines, '', signature].join('\n'),
      html: layout([greeting, ...lines, signature]),
    };
  }
  if (template.name === 'emergencyFault' || template.name === 'selfTestReport') {
    const until = template.until.toISOString().slice(0, 16).replace('T', ' ');
    const vars =
      template.name === 'emergencyFault'
        ? {
            ...template,
            until,
            location: template.location || '-',
            reasons: template.failures.map((name) => t(`server:emergency.failures.${name}.cause`)).join(' '),
          }
        : { ...template, until };
    const keys =
      template.name === 'emergencyFault'
        ? ['body', 'faults', 'since', 'action', 'expiry']
        : ['body', 'action', 'expiry'];
    const lines = keys.map((key) => t(`mail:${template.name}.${key}`, vars));
    return {
      subject: t(`mail:${template.name}.subject`, vars),
      text: [greeting, '', ...lines, '', signature].join('\n'),
      html: layout([greeting, ...lines, signature]),
    };
  }
  if (template.name === 'emailChanged') {
    const body = t('mail:emailChanged.body', { email: template.email });
    return {
      subject: t('mail:emailChanged.subject'),
      text: [greeting, '', body, '', signature].join('\n'),
      html: layout([greeting, body, signature]),
    };
  }
  const intro = t(`mail:${template.name}.intro`);
  const validity = t('mail:common.validity', { minutes: Limits.codeTtlSeconds / 60 });
  const ignore = t('mail:common.ignore');
  return {
    subject: t(`mail:${template.name}.subject`, { code: template.code }),
    text: [greeting, '', intro, '', `    ${template.code}`, '', validity, ignore, '', signature].join('\n'),
    html: layout([greeting, intro, validity, ignore, signature], template.code),
  };
}
