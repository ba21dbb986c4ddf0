import { randomBytes } from 'node:crypto';
import { signParams } from '@lightwell/domain';
import { type Session, SIGNING_SECRET } from '../../../test/helpers.ts';
import { buildPng } from '../../../test/support/images.ts';

/** One file of a multipart upload. */
export interface FilePart {
  field?: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body of text fields followed by file parts. */
export function multipart(fields: Record<string, string | number>, fileParts: FilePart[]) {
  const boundary = `----lightwell${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const part of fileParts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field ?? 'file'}"; filename="${part.name}"\r\n` +
          `Content-Type: ${part.type}\r\n\r\n`,
      ),
      part.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The envelope fields of a session, signed over the given fields as the web client does. */
export function signed(session: Session, fields: Record<string, string | number>) {
  const all: Record<string, string | number> = { ...fields, token: session.token, uid: session.uid, platform: 3 };
  return { ...all, sign: signParams(all, SIGNING_SECRET) };
}

/** A PNG floor plan of the given size, as an upload part. */
export const png = (width: number, height: number): FilePart => ({
  name: 'plan.png',
  type: 'image/png',
  data: buildPng(width, height),
});
