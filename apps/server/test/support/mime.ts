/*
 * A small reader of the raw messages the SMTP sink receives: header fields (unfolded, encoded words
 * decoded), the decoded text part and the attachments, enough for tests to check what a recipient got.
 */

/** One MIME part: its header fields (lower-case names) and its body as sent. */
interface Part {
  headers: Map<string, string>;
  body: string;
}

function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*(?==\?)?/g,
    (_all, _charset, encoding: string, text: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
      const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
      try {
        return decodeURIComponent(bytes);
      } catch {
        return bytes;
      }
    },
  );
}

function parsePart(raw: string): Part {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body };
}

function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(parsePart(chunk.replace(/^\r?\n/, ''))));
}

function decodeBody(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const soft = part.body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i += 1) {
      if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
    return Buffer.from(bytes);
  }
  return Buffer.from(part.body, 'utf8');
}

/** A received message, read: header fields, the plain text and the attached files. */
export interface ReadMail {
  header(name: string): string | undefined;
  subject: string;
  messageId: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** Reads a raw message as the sink received it. */
export function readMail(raw: string): ReadMail {
  const top = parsePart(raw);
  const parts = leaves(top);
  const textPart = parts.find((part) => (part.headers.get('content-type') ?? 'text/plain').startsWith('text/plain'));
  const attachments = parts
    .filter((part) => /attachment/i.test(part.headers.get('content-disposition') ?? ''))
    .map((part) => ({
      filename: /filename="?([^";]+)"?/i.exec(part.headers.get('content-disposition') ?? '')?.[1] ?? '',
      contentType: (part.headers.get('content-type') ?? '').split(';')[0]!.trim(),
      content: decodeBody(part),
    }));
  return {
    header: (name) => top.headers.get(name.toLowerCase()),
    subject: top.headers.get('subject') ?? '',
    messageId: top.headers.get('message-id') ?? '',
    text: textPart ? decodeBody(textPart).toString('utf8') : '',
    attachments,
  };
}
