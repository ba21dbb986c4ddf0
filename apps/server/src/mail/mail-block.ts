/** One kept message as a person reads it in the terminal or on the outbox page. */
export interface MailBlockInput {
  to: string;
  subject: string;
  text: string;
  at: Date;
}

/**
 * A message as one block of plain text: recipient, subject and time on top, then the text body, which
 * holds the code or the link. Printed when mail is kept (no SMTP_URL) and listed by `GET /outbox`.
 */
export function formatMailBlock(mail: MailBlockInput): string {
  const body = mail.text
    .trimEnd()
    .split('\n')
    .map((line) => (line ? `| ${line}` : '|'));
  return [
    `+-- mail to ${mail.to}  (${mail.at.toISOString().slice(0, 19).replace('T', ' ')} UTC)`,
    `| Subject: ${mail.subject}`,
    '|',
    ...body,
    '+--',
    '',
  ].join('\n');
}
