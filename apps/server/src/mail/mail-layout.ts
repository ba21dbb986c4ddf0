/** The HTML frame of every e-mail the console sends, and the few formats its texts share. */

/** A message ready to send: subject, plain text and HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The HTML body: one paragraph per line, the code (if any) large after the second. */
export function layout(paragraphs: string[], highlight?: string): string {
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

export const utc = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

/** The plain text and HTML of a mail: greeting, lines, signature. */
export function mailBody(greeting: string, lines: string[], signature: string): { text: string; html: string } {
  return { text: [greeting, '', ...lines, '', signature].join('\n'), html: layout([greeting, ...lines, signature]) };
}
