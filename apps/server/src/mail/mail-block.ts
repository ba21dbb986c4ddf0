/** One kept message as a person reads it in the terminal or on the outbox page. */
export interface MailBlockInput {
  to: string;
  subject: string;
  text: string;
  at: Date;
}

/** Control and format characters (terminal escapes, bidi overrides), which a printed block shows as "?". */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** One line as a terminal may show it: nothing in it can move the cursor, recolour or reorder the text. */
const printable = (line: string) => line.replace(UNPRINTABLE, '?');

/**
 * A message as one block of plain text: recipient, subject and time on top, then the text body, which
 * holds the code or the link. Printed when mail is kept (no SMTP_URL) and listed by `GET /outbox`.
 */
export function formatMailBlock(mail: MailBlockInput): string {
  const body = mail.text
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `| ${printable(line)}` : '|'));
  return [
    `+-- mail to ${printable(mail.to)}  (${mail.at.toISOString().slice(0, 19).replace('T', ' ')} UTC)`,
    `| Subject: ${printable(mail.subject)}`,
    '|',
    ...body,
    '+--',
    '',
  ].join('\n');
}
